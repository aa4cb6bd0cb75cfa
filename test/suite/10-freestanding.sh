# SPDX-License-Identifier: MIT
# A part of the suite, run by test/run.sh (its helpers: pass/fail/skip, run_prog, the inputs).
# ---- freestanding loader ------------------------------------------------
# Only these headers may appear in loader/, and the loader's objects may
# reference no symbol that loader/ and port/ do not define themselves.
bad_inc=$(grep -rhoE '#[[:space:]]*include[[:space:]]*<[^>]+>' loader | sed 's/.*<//; s/>//' | sort -u |
          grep -vxE 'stdint.h|stddef.h|stdbool.h|limits.h|float.h')
if [ -z "$bad_inc" ]; then pass "loader/ includes only freestanding headers"
else fail "loader/ includes hosted headers: $bad_inc"; fi

objs=$(ls $BUILD/obj/loader/*/*.o)
undef=$(nm -u $objs | awk 'NF==2 {print $2}' | sort -u)
defined=$(nm --defined-only $objs $BUILD/obj/port/*.o | awk 'NF==3 {print $3}' | sort -u)
foreign=$(echo "$undef" | grep -vxF "$defined" | grep -v '^$')
if [ -z "$foreign" ]; then pass "loader objects reference no symbol outside loader/ and port/ (no libc)"
else fail "loader objects reference outside symbols: $(echo $foreign)"; fi
# port/bsp_mem.c must not call itself through the names it defines
selfcalls=$(nm -u $BUILD/obj/port/bsp_mem.o | awk 'NF==2 {print $2}')
if [ -z "$selfcalls" ]; then pass "port/bsp_mem.o (memcpy, memset, ...) references no symbol"
else fail "port/bsp_mem.o references: $(echo $selfcalls)"; fi
