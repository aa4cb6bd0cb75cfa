/* SPDX-License-Identifier: MIT */
/* records.c - the run tables of the shared records (records.h). */
#include "records.h"

BSP_RECORD_RUNS(bsp__plane, BSP_REC_PLANE);
BSP_RECORD_RUNS(bsp__vec3, BSP_REC_VEC3);
BSP_RECORD_RUNS(bsp__int32, BSP_REC_INT32);
BSP_RECORD_RUNS(bsp__uint16, BSP_REC_UINT16);
BSP_RECORD_RUNS(bsp__edge16, BSP_REC_EDGE16);
BSP_RECORD_RUNS(bsp__edge32, BSP_REC_EDGE32);
BSP_RECORD_RUNS(bsp__dvis, BSP_REC_DVIS);
