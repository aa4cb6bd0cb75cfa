/* SPDX-License-Identifier: MIT */
#include "tool.h"
int cmd_render(int argc, char **argv) { (void)argc; (void)argv; return 2; }
