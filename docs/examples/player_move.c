/* Slide the family's standing player box along its velocity for one
 * frame: try the whole move, then slide along each plane hit. One code
 * path for every family: bsp_map_player_box gives the game's own box and
 * bsp_trace, on quake, goldsrc and bsp2, the hull that box collides as.
 * Returns 0 (moved), 1 (stuck in solid: velocity cleared), -1 (error). */
int player_move(const bsp_map *map, float origin[3], float velocity[3], float dt)
{
    uint32_t mask = bsp_trace_mask(map, BSP_MASK_PLAYERSOLID);
    float mins[3], maxs[3], left = dt;
    int bump;
    if (bsp_map_player_box(map, BSP_STANDING, mins, maxs) != BSP_OK) return -1;
    for (bump = 0; bump < 4 && left > 0; bump++) {
        bsp_trace_result tr;
        float end[3], into;
        int i;
        for (i = 0; i < 3; i++) end[i] = origin[i] + velocity[i] * left;
        if (bsp_trace(map, 0, origin, end, mins, maxs, mask, &tr) != BSP_OK) return -1;
        if (tr.allsolid) { velocity[0] = velocity[1] = velocity[2] = 0; return 1; }
        for (i = 0; i < 3; i++) origin[i] = tr.endpos[i];
        if (!tr.has_plane) return 0;                /* the whole move was clear */
        left -= left * tr.fraction;
        into = velocity[0] * tr.normal[0] + velocity[1] * tr.normal[1] +
               velocity[2] * tr.normal[2];
        for (i = 0; i < 3; i++) velocity[i] -= into * tr.normal[i];   /* slide */
    }
    return 0;
}
