/* SPDX-License-Identifier: MIT */
/* The guide's loading screen, load_in_frames: the engine's side simulated
 * on one thread. Reads land at most 3 a frame, the last issued first (out
 * of order); a frame has 16 "ms", one per frame_ms_left call. Checked: the
 * load gives bsp_load's lumps; a step that says it waits for reads has
 * reads out. */
#include "harness.h"

static const uint8_t *file_bytes;
static bsp_read pending[64];
static int npending, landed_this_frame, ms_left = 16, frames, outstanding;
static long steps, waits;

static void start_read(const bsp_read *rd)
{
    if (npending == 64) guide_fail("more than 64 reads out");
    pending[npending++] = *rd;
    outstanding++;
}
static int finished_read(bsp_read *rd)
{
    if (!npending || landed_this_frame == 3) return 0;
    *rd = pending[--npending];
    memcpy(rd->dst, file_bytes + rd->offset, rd->length);
    landed_this_frame++;
    outstanding--;
    return 1;
}
static int frame_ms_left(void) { return ms_left--; }
static void draw_loading_bar(uint32_t read_done, uint32_t read_total, uint32_t work_done,
                             uint32_t work_total)
{
    if (read_done > read_total || work_done > work_total) guide_fail("progress past its total");
}
static void present_frame(void)
{
    frames++;
    landed_this_frame = 0;
    ms_left = 16;
}
static bsp_status counted_step(bsp_loader *l, uint32_t budget, bsp_progress *p)
{
    bsp_status st = bsp_loader_step(l, budget, p);
    steps++;
    if (st == BSP_OK && (p->waiting & BSP_WAIT_READS)) {
        waits++;
        if (!outstanding) guide_fail("the step waits for reads, none is out");
    }
    return st;
}
#define bsp_loader_step counted_step
#include GUIDE_BLOCK
#undef bsp_loader_step

int main(int argc, char **argv)
{
    uint32_t size, need = 0, k;
    bsp_memstream ms;
    bsp_stream s;
    bsp_header h;
    bsp_options o = bsp_default_options(BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES);
    bsp_map map, ref;
    bsp_status st;
    void *arena;
    if (argc < 2) guide_fail("usage: frames MAP");
    file_bytes = guide_read_file(argv[1], &size);
    bsp_memstream_init(&ms, &s, file_bytes, size);
    if (bsp_open(&h, &s) != BSP_OK || bsp_measure(&h, &o, &need) != BSP_OK) guide_fail("%s: open", argv[1]);
    arena = malloc(need);
    st = load_in_frames(&map, &h, arena, need, &o);
    if (st != BSP_OK) guide_fail("%s: load_in_frames: %s", argv[1], bsp_status_name(st));
    guide_load(argv[1], BSP_LOAD_LIGHTING | BSP_LOAD_ENTITIES, &ref);
    for (k = 0; k < 128; k++) {
        uint32_t a = 0, b = 0;
        const void *pa = bsp_lump(&map, k, &a), *pb = bsp_lump(&ref, k, &b);
        if (a != b || (a && memcmp(pa, pb, a))) guide_fail("%s: lump %u differs from bsp_load's", argv[1], k);
    }
    if (frames < 1) guide_fail("%s: loaded without a frame", argv[1]);
    printf("%s: %d frames, %ld steps, %ld of them waiting for reads\n", argv[1], frames, steps, waits);
    return 0;
}
