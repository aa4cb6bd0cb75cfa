/* SPDX-License-Identifier: MIT */
/* records.h - records most families share (core/record.h says how a record
 * is described); their run tables are in records.c, once. */
#ifndef BSP_RECORDS_H
#define BSP_RECORDS_H

#include "../core/record.h"

/* A plane: normal, dist, axial type (Quake 3 stops after dist). */
#define BSP_REC_PLANE(F) F(normal, F32, 3) F(dist, F32, 1) F(type, I32, 1)
#define BSP_REC_VEC3(F) F(v, F32, 3)
#define BSP_REC_INT32(F) F(v, I32, 1)
#define BSP_REC_UINT16(F) F(v, U16, 1)
#define BSP_REC_EDGE16(F) F(v, U16, 2)
#define BSP_REC_EDGE32(F) F(v, I32, 2)
/* Source and Quake 2 visibility: int32 numclusters, then per cluster the
 * offsets of its PVS and PAS rows. */
#define BSP_REC_DVIS(F) F(pvs, I32, 1) F(pas, I32, 1)

BSP_RECORD_TYPES(bsp__plane, BSP_REC_PLANE);
BSP_RECORD_TYPES(bsp__vec3, BSP_REC_VEC3);
BSP_RECORD_TYPES(bsp__int32, BSP_REC_INT32);
BSP_RECORD_TYPES(bsp__uint16, BSP_REC_UINT16);
BSP_RECORD_TYPES(bsp__edge16, BSP_REC_EDGE16);
BSP_RECORD_TYPES(bsp__edge32, BSP_REC_EDGE32);
BSP_RECORD_TYPES(bsp__dvis, BSP_REC_DVIS);
extern const uint8_t bsp__plane_runs[], bsp__vec3_runs[], bsp__int32_runs[], bsp__uint16_runs[],
    bsp__edge16_runs[], bsp__edge32_runs[], bsp__dvis_runs[];

#endif
