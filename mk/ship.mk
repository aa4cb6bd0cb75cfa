# SPDX-License-Identifier: MIT
# ship.mk - bspkit as a library others build against. Included by the main
# Makefile after its variables and rules (uses BUILD, CC, AR, WARN, FLOAT,
# FREESTANDING, CFLAGS, LDFLAGS, LIB_SRC, HOSTED_SRC, LIB_AR_OBJ, HEADERS).
#
#   make install     PREFIX (default /usr/local), DESTDIR (staging root),
#                    LIBDIR, INCLUDEDIR, BINDIR: the public headers in one
#                    folder ($(INCLUDEDIR)/bspkit), libbspkit.a, the shared
#                    libbspkit.so (exports only the public API), bspkit.pc,
#                    CMake's bspkitConfig.cmake (bspkit::bspkit), the tool
#   make amalgamate  dist/bspkit.c + dist/bspkit.h (DIST=... elsewhere)
#   make ship-bins   what test/suite/65-ship.sh checks: the shared library,
#                    an install into $(BUILD)/prefix, the amalgamation in
#                    $(BUILD)/amalg
#
# Public headers: loader/*.h and platform/*/bsp_*.h (new ones are picked up).
# The hosted file stream (bsp_file_open) is in both libraries; the
# amalgamation has only the freestanding headers and sources.

PUBLIC_HDR  := $(wildcard loader/*.h platform/*/bsp_*.h)
# Headers that need a hosted C library stay out of the amalgamation.
HOSTED_HDR  := $(wildcard platform/posix/*.h)
BSPKIT_VERSION := $(shell sed -n 's/^\#define BSPKIT_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' loader/bspkit.h | paste -sd. -)
BSPKIT_MAJOR   := $(firstword $(subst ., ,$(BSPKIT_VERSION)))
SONAME      := libbspkit.so.$(BSPKIT_MAJOR)

PREFIX      ?= /usr/local
DESTDIR     ?=
LIBDIR      ?= $(PREFIX)/lib
INCLUDEDIR  ?= $(PREFIX)/include
BINDIR      ?= $(PREFIX)/bin
DIST        ?= dist

.PHONY: install amalgamate ship-bins

# ---- shared library: position-independent objects, hidden by default; only
# BSP_API (default visibility under BSPKIT_BUILD_SHARED) is exported.
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/obj/%.o) $(HOSTED_SRC:%.c=$(BUILD)/pic/obj/%.o)
$(BUILD)/pic/obj/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(FLOAT) $(FREESTANDING) $(CFLAGS) -fPIC -fvisibility=hidden -DBSPKIT_BUILD_SHARED -c $< -o $@
$(BUILD)/libbspkit.so: $(PIC_OBJ)
	$(CC) -shared $(LDFLAGS) -Wl,-soname,$(SONAME) -Wl,--no-undefined $^ -o $@

$(BUILD)/bspkit.pc: mk/bspkit.pc.in loader/bspkit.h
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(BSPKIT_VERSION)|' mk/bspkit.pc.in > $@
# PREFIX is written into bspkit.pc: rebuild it for every install.
.PHONY: $(BUILD)/bspkit.pc

# CMake's package files (find_package(bspkit)), written from the header's
# version with sed: no cmake at install time. The config file finds the
# libraries beside itself and the headers by INCLUDEDIR's path relative to
# LIBDIR/cmake/bspkit (absolute where realpath cannot tell it).
CMAKE_PKG := $(BUILD)/cmake/bspkitConfig.cmake $(BUILD)/cmake/bspkitConfigVersion.cmake
CMAKE_INC_FROM_HERE = $(or $(shell realpath -m --relative-to=$(LIBDIR)/cmake/bspkit $(INCLUDEDIR) 2>/dev/null),$(INCLUDEDIR))
$(CMAKE_PKG): $(BUILD)/cmake/%.cmake: mk/%.cmake.in loader/bspkit.h
	@mkdir -p $(dir $@)
	sed -e 's|@VERSION@|$(BSPKIT_VERSION)|g; s|@MAJOR@|$(BSPKIT_MAJOR)|g; s|@SONAME@|$(SONAME)|g' \
	    -e 's|@INCLUDEDIR_FROM_HERE@|$(CMAKE_INC_FROM_HERE)|g' $< > $@
.PHONY: $(CMAKE_PKG)

install: $(BUILD)/libbspkit.a $(BUILD)/libbspkit.so $(BUILD)/bspkit.pc $(CMAKE_PKG) $(BUILD)/bspkit
	install -d $(DESTDIR)$(INCLUDEDIR)/bspkit $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/bspkit \
	    $(DESTDIR)$(BINDIR)
	install -m 644 $(PUBLIC_HDR) $(DESTDIR)$(INCLUDEDIR)/bspkit/
	install -m 644 $(BUILD)/libbspkit.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libbspkit.so $(DESTDIR)$(LIBDIR)/libbspkit.so.$(BSPKIT_VERSION)
	ln -sf libbspkit.so.$(BSPKIT_VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libbspkit.so
	install -m 644 $(BUILD)/bspkit.pc $(DESTDIR)$(LIBDIR)/pkgconfig/
	install -m 644 $(CMAKE_PKG) $(DESTDIR)$(LIBDIR)/cmake/bspkit/
	install -m 755 $(BUILD)/bspkit $(DESTDIR)$(BINDIR)/

# ---- amalgamation
AMALG_HDR := $(filter-out $(HOSTED_HDR),$(PUBLIC_HDR))
AMALG_DEPS := mk/amalgamate.py $(LIB_SRC) $(HEADERS)
AMALGAMATE = python3 mk/amalgamate.py $(1) --headers $(AMALG_HDR) --sources $(LIB_SRC)
$(DIST)/bspkit.c $(DIST)/bspkit.h &: $(AMALG_DEPS)
	$(call AMALGAMATE,$(DIST))
amalgamate: $(DIST)/bspkit.c

$(BUILD)/amalg/bspkit.c $(BUILD)/amalg/bspkit.h &: $(AMALG_DEPS)
	$(call AMALGAMATE,$(BUILD)/amalg)

# ---- for the suite: an install into $(BUILD)/prefix (no DESTDIR, so
# bspkit.pc names the folder the files are in)
$(BUILD)/prefix/.stamp: $(BUILD)/libbspkit.a $(BUILD)/libbspkit.so $(BUILD)/bspkit $(PUBLIC_HDR) mk/bspkit.pc.in \
        mk/bspkitConfig.cmake.in mk/bspkitConfigVersion.cmake.in
	rm -rf $(BUILD)/prefix
	$(MAKE) --no-print-directory install PREFIX=$(abspath $(BUILD))/prefix DESTDIR=
	@touch $@
# test/suite/65-ship.sh compiles with the compiler of this build, and the
# amalgamation with the library's freestanding flags but no -I.
export SHIP_CC := $(CC)
export SHIP_FREESTANDING := $(filter-out -Iloader,$(WARN)) $(FLOAT) $(FREESTANDING)
ship-bins: $(BUILD)/libbspkit.so $(BUILD)/prefix/.stamp $(BUILD)/amalg/bspkit.c $(BUILD)/maps/.stamp
