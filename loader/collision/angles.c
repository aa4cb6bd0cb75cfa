/* SPDX-License-Identifier: MIT */
/* angles.c - AngleVectors as id's engines compute it, without libm.
 *
 * The engines turn an angle in degrees into radians with a double constant
 * (M_PI*2 / 360), round the product to float, and take the C library's
 * double sin and cos of that float, rounded to float. The rule here: the
 * radian angle a is that float, and sin a, cos a are the floats nearest a
 * double within a few units of its last place of the exact value (reduced
 * by pi/2 in three exact-product parts, then Taylor series on |r| <= pi/4,
 * each double operation rounded to double), so the only difference from a
 * correctly rounding C library would be a double that lies within that
 * error of a float's rounding boundary. No libm, no table: every target
 * gives the same bits. The vectors are then the engine's float products
 * and sums, in its order.
 */
#include "angles.h"

#if BSPKIT_COLLISION

#define RD(x) bsp__round_d(x)

/* pi/2 in three parts: the first two of 33 bits, so that k * part is exact
 * for |k| < 2^20 (|a| <= BSP__ANGLE_MAX degrees gives |k| < 2^18) */
#define PIO2_1 0x1.921fb544p+0
#define PIO2_2 0x1.0b4611a6p-34
#define PIO2_3 0x1.3198a2e037073p-69
#define INV_PIO2 0x1.45f306dc9c883p-1
#define DEG_TO_RAD 0x1.1df46a2529d39p-6   /* M_PI*2 / 360 as a double */

static double sin_r(double r)
{
    static const double c[10] = { -0x1.5555555555555p-3, 0x1.1111111111111p-7, -0x1.a01a01a01a01ap-13,
                                  0x1.71de3a556c734p-19, -0x1.ae64567f544e4p-26, 0x1.6124613a86d09p-33,
                                  -0x1.ae7f3e733b81fp-41, 0x1.952c77030ad4ap-49, -0x1.2f49b46814157p-57,
                                  0x1.71b8ef6dcf572p-66 };
    double r2 = RD(r * r), s = c[9];
    int i;
    if (r == 0) return r;   /* sin(-0) is -0, which the sum below loses */
    for (i = 8; i >= 0; i--) s = RD(RD(s * r2) + c[i]);
    return RD(r + RD(RD(r * r2) * s));
}

static double cos_r(double r)
{
    static const double c[11] = { -0x1.0p-1, 0x1.5555555555555p-5, -0x1.6c16c16c16c17p-10,
                                  0x1.a01a01a01a01ap-16, -0x1.27e4fb7789f5cp-22, 0x1.1eed8eff8d898p-29,
                                  -0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-45, -0x1.6827863b97d97p-53,
                                  0x1.e542ba4020225p-62, -0x1.0ce396db7f853p-70 };
    double r2 = RD(r * r), s = c[10];
    int i;
    for (i = 9; i >= 0; i--) s = RD(RD(s * r2) + c[i]);
    return RD(1.0 + RD(r2 * s));
}

/* sin and cos of the float a (radians), |a| < 2^19, each rounded once to
 * float. */
static void sin_cos(float a, float *sn, float *cs)
{
    double x = a, r, s, c;
    int32_t k;
    double fk = RD(x * INV_PIO2);
    k = (int32_t)(fk < 0 ? fk - 0.5 : fk + 0.5);
    fk = (double)k;
    r = RD(RD(RD(x - RD(fk * PIO2_1)) - RD(fk * PIO2_2)) - RD(fk * PIO2_3));
    s = sin_r(r);
    c = cos_r(r);
    switch ((uint32_t)k & 3u) {
    case 0: *sn = (float)s, *cs = (float)c; break;
    case 1: *sn = (float)c, *cs = (float)-s; break;
    case 2: *sn = (float)-s, *cs = (float)-c; break;
    default: *sn = (float)-c, *cs = (float)s; break;
    }
    *sn = bsp__round(*sn);
    *cs = bsp__round(*cs);
}

void bsp__angle_vectors(const float angles[3], float forward[3], float right[3], float up[3])
{
    float sp, cp, sy, cy, sr, cr;
    /* (angles: pitch, yaw, roll; each turned to radians in double and
     * rounded to float, as `angle = angles[i] * (M_PI*2 / 360)`) */
    sin_cos((float)RD((double)angles[1] * DEG_TO_RAD), &sy, &cy);
    sin_cos((float)RD((double)angles[0] * DEG_TO_RAD), &sp, &cp);
    sin_cos((float)RD((double)angles[2] * DEG_TO_RAD), &sr, &cr);
    forward[0] = bsp__fmul(cp, cy);
    forward[1] = bsp__fmul(cp, sy);
    forward[2] = -sp;
    /* -1*sr*sp*cy + -1*cr*-sy, and so on: (-1*x) is -x exactly */
    right[0] = bsp__fadd(bsp__fmul(bsp__fmul(-sr, sp), cy), bsp__fmul(-cr, -sy));
    right[1] = bsp__fadd(bsp__fmul(bsp__fmul(-sr, sp), sy), bsp__fmul(-cr, cy));
    right[2] = bsp__fmul(-sr, cp);
    up[0] = bsp__fadd(bsp__fmul(bsp__fmul(cr, sp), cy), bsp__fmul(-sr, -sy));
    up[1] = bsp__fadd(bsp__fmul(bsp__fmul(cr, sp), sy), bsp__fmul(-sr, cy));
    up[2] = bsp__fmul(cr, cp);
}

#endif
