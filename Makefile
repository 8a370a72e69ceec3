# meiro — build, test, benchmark, install.
#   make            build/meiro, build/libmeiro.a, build/libmeiro.so
#   make demo       install missing packages, build, write example mazes to out/
#   make check      install missing packages, run every test: documents read back
#                   by the real programs, and the library's code under ASan/UBSan
#   make test       the fast suites (no installs, no network, under a minute)
#   make check-asan the fast suites, fault and corpus replays under ASan/UBSan
#   make check-memory  the ulimit -v walk: no hang, no abort at any memory limit
#   make fuzz       search for new inputs that break the readers (libFuzzer)
#   make bench      throughput and memory of every generator and solver, and
#                   meiro serve's preview latency, requests/s and memory
#   make install    PREFIX=/usr/local DESTDIR= (LIBDIR, MODULE_DIR, RPATH: below)
#   make deb        the Debian packages, built from a clean copy into build/deb
#   make web        build/web/: the engine and the command line in WebAssembly,
#                   run under Node (web/web.mk)

CC      ?= cc
PREFIX  ?= /usr/local
DESTDIR ?=
LIBDIR  ?= $(PREFIX)/lib
# where the program and the drawing module find libmeiro.so: beside them (the
# build folder) or in ../lib (installed); a package whose library is on the
# system's path (debian/rules) sets them empty
RPATH        ?= -Wl,-rpath,'$$ORIGIN:$$ORIGIN/../lib'
MODULE_RPATH ?= -Wl,-rpath,'$$ORIGIN'
BUILD   ?= build
CFLAGS  ?= -O2 -g
VERSION := $(shell sed -n 's/^\#define MEIRO_VERSION "\(.*\)"/\1/p' include/meiro.h)
# the ABI's number, the soname's: include/meiro.h says when it goes up
ABI     := $(shell sed -n 's/^\#define MEIRO_ABI_VERSION \([0-9]*\)$$/\1/p' include/meiro.h)
SONAME   = libmeiro.so.$(ABI)

WARN     = -std=c11 -Wall -Wextra -Wpedantic -Werror
ALL_CFLAGS = $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -fPIC -MMD -MP
# The library's symbols keep default visibility and the linker decides what
# is exported: libmeiro.so the API (MEIRO_0) and, under MEIRO_PRIVATE, the
# internals the drawing module uses ($(BUILD)/libmeiro.map), the rest bound
# locally; libmeiro.a the API alone (objcopy). No interposition within the
# library: its calls to itself are direct (-fno-semantic-interposition,
# -Bsymbolic).
LIB_CFLAGS = -fno-semantic-interposition

# Layers (src/README.md): each folder sees the include paths of its own
# layer only, so the compiler refuses an include that climbs a layer.
# core, gen, solve, watch and io see the public headers and src/; io adds
# jansson, page inih and jansson (a page's description as JSON); glyph FreeType, HarfBuzz and
# fontconfig; shapes, press, draw, xlsx and job see the drawing libraries' (the
# module's table names their types); the command line sees include/ only.
IO_PKGS     = jansson
PAGE_PKGS   = inih jansson
# the text measurer and the masks' glyphs (src/glyph): no drawing library
GLYPH_PKGS  = freetype2 harfbuzz fontconfig
RENDER_PKGS = cairo pangocairo librsvg-2.0 gdk-pixbuf-2.0 xlsxwriter libpng libqpdf zlib
# meiro serve's HTTP server: the command's, not the library's
SERVE_PKGS  = libmicrohttpd
DEP_LIBS    = $(RENDER_PKGS) $(GLYPH_PKGS) $(PAGE_PKGS) $(IO_PKGS)
BASE_CPPFLAGS   = -Iinclude -Isrc -I$(BUILD)/gen
IO_CPPFLAGS     = $(BASE_CPPFLAGS) $(shell pkg-config --cflags $(IO_PKGS) 2>/dev/null)
PAGE_CPPFLAGS   = $(BASE_CPPFLAGS) $(shell pkg-config --cflags $(PAGE_PKGS) 2>/dev/null)
GLYPH_CPPFLAGS  = $(BASE_CPPFLAGS) $(shell pkg-config --cflags $(GLYPH_PKGS) 2>/dev/null)
RENDER_CPPFLAGS = $(BASE_CPPFLAGS) $(shell pkg-config --cflags $(RENDER_PKGS) 2>/dev/null)
SERVE_CPPFLAGS  = -Iinclude -Isrc/cli $(shell pkg-config --cflags $(SERVE_PKGS) 2>/dev/null)
TEST_CPPFLAGS   = $(RENDER_CPPFLAGS) $(PAGE_CPPFLAGS) $(IO_CPPFLAGS)
LDLIBS  += $(shell pkg-config --libs $(DEP_LIBS) 2>/dev/null) -lm
SERVE_LIBS = $(shell pkg-config --libs $(SERVE_PKGS) 2>/dev/null)

LAYERS   := core gen solve watch io content solid page glyph compose shapes press draw xlsx job
LIB_SRC  := $(foreach l,$(LAYERS),$(wildcard src/$(l)/*.c))
LIB_OBJ  := $(LIB_SRC:src/%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/page/builtin_files.o $(BUILD)/obj/compose/html_assets.o
# The drawing module (issue 25, 37; src/draw/module.h): libmeiro.so holds
# everything but the drawing (draw/, shapes/, press/ and glyph/), whose calls go
# through one table (drawing()->NAME, src/draw/module_load.c), filled on the
# first call that draws by loading MODULE: those folders and their libraries, linked against
# libmeiro.so (the one copy of the layers below in the process), exporting
# its table alone. The meiro command links libmeiro.so. A text, CSV or
# JSON run never loads cairo, pango, rsvg, xlsxwriter or qpdf. The XLSX
# writer and the memory check before every drawn format (xlsx/, job/formats.c,
# src/xlsx/xlsx.h) are outside the module, libxlsxwriter opened on first
# use (src/xlsx/xlsx_lib.c): an XLSX run loads neither cairo nor pango.
# libmeiro.a and the tests' libmeiro-internal.a link the drawing and its table
# directly (the loader finds it linked in).
# A new heavy library: used from the drawing only, it goes in RENDER_PKGS (the
# flags, libmeiro.a) and MODULE_LIBS, and loads with the module, or, if only
# some pages need it, in a table opened on first use (as src/press/qpdf_lib.c);
# a new drawing function called from outside the module goes in
# src/draw/module.h; a library used elsewhere goes behind a module of its
# own the same way (a table and a loader), never into
# LIGHT_LIBS. tests/startup.sh checks what a text run loads.
MODULE_NAME = meiro-render-$(VERSION).so
MODULE      = $(BUILD)/$(MODULE_NAME)
MODULE_DIR ?= $(LIBDIR)
SERVE_MODULE_NAME = meiro-serve-$(VERSION).so
SERVE_MODULE = $(BUILD)/$(SERVE_MODULE_NAME)
# the drawing's folders, in the module but for the module's loader
# (drawing(), and the public functions the module implements) and glib's
# table (job/level_page.c fits names with it). The composer (compose/) and
# the glyph layer (its measurer, the masks' glyphs) are in libmeiro.so, so
# -f page needs no module, and open FreeType, HarfBuzz and fontconfig on
# their first text (src/glyph/glyph_libs.c): a text run maps none of them.
# The XLSX writer (xlsx/) and the top (job/) are outside the module too.
OUTSIDE_OBJ := $(BUILD)/obj/draw/module_load.o $(BUILD)/obj/shapes/glib_lib.o
MODULE_OBJ := $(filter-out $(OUTSIDE_OBJ),$(filter $(foreach l,draw shapes press,$(BUILD)/obj/$(l)/%),$(LIB_OBJ)))
LIGHT_OBJ  := $(filter-out $(MODULE_OBJ),$(LIB_OBJ))
# Inside the module, librsvg and gdk-pixbuf (with gio and libxml2) are
# opened on first use too (src/shapes/image_libs.c: art, shapes, pictures),
# and libqpdf (trim and bleed boxes, preflight; src/press/qpdf_lib.c), by soname: the module
# links the other drawing libraries only. Every build opens them so,
# libmeiro.a and the tests too.
MODULE_LIBS = $(shell pkg-config --libs cairo pangocairo libpng zlib $(GLYPH_PKGS) $(IO_PKGS) 2>/dev/null) -lm
soname_of   = $(shell objdump -p $$($(CC) -print-file-name=$1) 2>/dev/null | awk '$$1 == "SONAME" { print $$2 }')
$(BUILD)/obj/shapes/image_libs.o: private CPPFLAGS += -DMEIRO_RSVG_SONAME='"$(call soname_of,librsvg-2.so)"' \
    -DMEIRO_PIXBUF_SONAME='"$(call soname_of,libgdk_pixbuf-2.0.so)"'
$(BUILD)/obj/press/qpdf_lib.o: private CPPFLAGS += -DMEIRO_QPDF_SONAME='"$(call soname_of,libqpdf.so)"'
$(BUILD)/obj/xlsx/xlsx_lib.o: private CPPFLAGS += -DMEIRO_XLSX_SONAME='"$(call soname_of,libxlsxwriter.so)"'
$(BUILD)/obj/shapes/glib_lib.o: private CPPFLAGS += -DMEIRO_GLIB_SONAME='"$(call soname_of,libglib-2.0.so)"'
GLYPH_SONAMES = -DMEIRO_FREETYPE_SONAME='"$(call soname_of,libfreetype.so)"' \
    -DMEIRO_HARFBUZZ_SONAME='"$(call soname_of,libharfbuzz.so)"' \
    -DMEIRO_FONTCONFIG_SONAME='"$(call soname_of,libfontconfig.so)"'
$(BUILD)/obj/glyph/glyph_libs.o: private CPPFLAGS += $(GLYPH_SONAMES)
# liblouis (braille on tactile pages: src/page/louis_lib.c), opened on first use too
LOUIS_CPPFLAGS = $(shell pkg-config --cflags liblouis 2>/dev/null) -DMEIRO_LOUIS_SONAME='"$(call soname_of,liblouis.so)"'
$(BUILD)/obj/page/louis_lib.o $(BUILD)/obj/page/braille.o: private CPPFLAGS += $(LOUIS_CPPFLAGS)
# (glib, level_page.c's Unicode functions, is opened on first use: src/shapes/glib_lib.c)
LIGHT_LIBS  = $(shell pkg-config --libs $(IO_PKGS) $(PAGE_PKGS) 2>/dev/null) -lm
# the module and its loader must come from the same sources: the version
# and a checksum of every header, rewritten only when it changes
MODULE_STAMP := $(VERSION)-$(shell cat $(sort $(wildcard include/*.h include/meiro/*.h src/*.h src/*/*.h)) | cksum | cut -d' ' -f1)
TEMPLATE_FILES := $(sort $(wildcard templates/*.ini)) $(sort $(wildcard templates/art/*.svg)) \
                  $(sort $(wildcard templates/shapes/*.svg))
TEMPLATE_DIR = $(PREFIX)/share/meiro/templates
# the front ends: the command line, and meiro serve's server with its page
# (meiro serve is a module of its own, SERVE_MODULE: src/cli/serve_lazy.c)
CLI_OBJ  := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(wildcard src/cli/*.c)) $(BUILD)/obj/cli/messages.o
SERVE_OBJ := $(patsubst src/%.c,$(BUILD)/obj/%.o,$(wildcard src/serve/*.c)) $(BUILD)/obj/serve/serve_assets.o
# A program linking libmeiro-internal.a takes the drawing table from it (the
# loader's reference is weak: src/draw/module_load.c), so it loads no module
WITH_RENDER = -Wl,--undefined=meiro_render_module
# A test that includes whitebox.h reaches inside the library (and links
# libmeiro-internal.a); one that does not uses the public API only, is
# compiled with include/ as its only include path and links the public
# libmeiro.a, so it doubles as an example.
TEST_SRC := $(wildcard tests/test_*.c)
API_SRC  := $(shell grep -L '"whitebox.h"' $(TEST_SRC))
TEST_BIN := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
API_BIN  := $(API_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH    := $(BUILD)/bench

# Debian packages: to build, and what the tests use on top.
BUILD_PKGS = gcc make libc6-dev pkg-config libcairo2-dev libxlsxwriter-dev libpng-dev libpango1.0-dev \
             librsvg2-dev libgdk-pixbuf-2.0-dev libfreetype-dev libharfbuzz-dev libfontconfig-dev libinih-dev libqpdf-dev liblouis-dev liblouis-data libjansson-dev libmicrohttpd-dev \
             fonts-dejavu-core fonts-ipaexfont-gothic fonts-noto-color-emoji ghostscript gettext \
             fonts-noto-cjk fonts-noto-core fonts-opendyslexic
TEST_PKGS  = $(BUILD_PKGS) locales poppler-utils librsvg2-bin qpdf unzip libreoffice-calc-nogui libxml2-utils gnumeric python3-uno \
             groff-base file python3-ezdxf \
             fonts-crosextra-carlito chromium nodejs curl $(DEB_PKGS) $(PY_PKGS)
# the Debian packages' build, lintian, and the studio's service tried as the
# packages install it (tests/deb.sh): behind nginx with TLS, as doc/school.md says
DEB_PKGS   = dpkg-dev debhelper lintian man-db systemd nginx-light openssl
# the Python module's tests (tests/python.sh): a virtual environment of
# Debian's python3, setuptools to build it offline, NumPy for its array view
PY_PKGS    = python3-venv python3-pip python3-setuptools python3-wheel python3-numpy

# The browser test's driver, from npm into build/node (not committed), at
# a version that runs on Debian's Node 18 and drives its Chromium.
PUPPETEER = puppeteer-core@24.43.1
NODE_DIR  = build/node

# clang and libFuzzer's runtime, for make fuzz
FUZZ_PKGS  = clang libclang-rt-dev

.PHONY: deb FORCE po all deps deps-test browser-deps check check-asan check-nocairo check-memory test tests asan-tests fuzz fuzz-targets bench \
        demo samples install uninstall clean

all: $(BUILD)/meiro $(BUILD)/libmeiro.a $(BUILD)/libmeiro.so $(MODULE) $(SERVE_MODULE)

# every object depends on the flags it was compiled with (as git's
# GIT-CFLAGS): a change of flags (a visibility, a sanitizer) rebuilds them
# all, never links old objects with new ones
$(BUILD)/obj/%.o: src/%.c $(BUILD)/gen/cflags
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(LAYER_CPPFLAGS) $(ALL_CFLAGS) $(if $(findstring /cli/,$@)$(findstring /serve/,$@),,$(LIB_CFLAGS)) -c $< -o $@

$(BUILD)/obj/core/%.o $(BUILD)/obj/gen/%.o $(BUILD)/obj/solve/%.o \
    $(BUILD)/obj/watch/%.o $(BUILD)/obj/content/%.o $(BUILD)/obj/solid/%.o: LAYER_CPPFLAGS = $(BASE_CPPFLAGS)
$(BUILD)/obj/io/%.o: LAYER_CPPFLAGS = $(IO_CPPFLAGS)
$(BUILD)/obj/page/%.o: LAYER_CPPFLAGS = $(PAGE_CPPFLAGS)
$(BUILD)/obj/glyph/%.o: LAYER_CPPFLAGS = $(GLYPH_CPPFLAGS)
# the composer: the page's and the measurer's headers, no drawing library's
$(BUILD)/obj/compose/%.o: LAYER_CPPFLAGS = $(GLYPH_CPPFLAGS) $(shell pkg-config --cflags $(PAGE_PKGS) 2>/dev/null)
$(BUILD)/obj/shapes/%.o $(BUILD)/obj/press/%.o $(BUILD)/obj/draw/%.o $(BUILD)/obj/xlsx/%.o \
    $(BUILD)/obj/job/%.o: LAYER_CPPFLAGS = $(RENDER_CPPFLAGS)
$(BUILD)/obj/draw/module_load.o $(BUILD)/obj/draw/module_table.o: LAYER_CPPFLAGS = $(RENDER_CPPFLAGS) \
    -include $(BUILD)/gen/module_stamp.h -DMEIRO_MODULE_NAME='"$(MODULE_NAME)"' -DMEIRO_MODULE_DIR='"$(MODULE_DIR)"'
$(BUILD)/obj/draw/module_load.o $(BUILD)/obj/draw/module_table.o: $(BUILD)/gen/module_stamp.h
$(BUILD)/obj/cli/serve_lazy.o: private CPPFLAGS += -DMEIRO_SERVE_MODULE='"$(SERVE_MODULE_NAME)"' \
    -DMEIRO_MODULE_DIR='"$(MODULE_DIR)"'
$(BUILD)/gen/cflags: FORCE
	@mkdir -p $(dir $@)
	@s='$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS)'; [ "$$(cat $@ 2>/dev/null)" = "$$s" ] || echo "$$s" > $@
$(BUILD)/gen/module_stamp.h: FORCE
	@mkdir -p $(dir $@)
	@s='#define MEIRO_MODULE_STAMP "$(MODULE_STAMP)"'; [ "$$(cat $@ 2>/dev/null)" = "$$s" ] || echo "$$s" > $@
FORCE:
$(BUILD)/obj/cli/%.o: LAYER_CPPFLAGS = -Iinclude
$(BUILD)/obj/serve/%.o: LAYER_CPPFLAGS = $(SERVE_CPPFLAGS)

# meiro's words in every language: the message catalogues of po/ (one
# LL.po a language; po/README.md), compiled in as core/catalog.h. The
# template of the catalogues is read from the sources' WORD("TABLE.FIELD",
# "English") (src/core/words.h) and the command's messages, N_("...")
# (src/cli/say.c); make po brings po/ up to date with it.
OPEN         := (
WORD_SOURCES := $(shell grep -l -e 'WORD$(OPEN)"' -e 'N_$(OPEN)"' $(wildcard src/*.c src/*/*.c))
PO_FILES     := $(sort $(wildcard po/*.po))
LANG_CODES   := $(subst _,-,$(basename $(notdir $(PO_FILES))))
XGETTEXT      = xgettext --from-code=UTF-8 --keyword= --keyword=WORD:1c,2 --keyword=N_ --add-comments=TRANSLATORS: \
                --add-location=file --package-name=meiro --package-version=$(VERSION)
$(BUILD)/gen/meiro.pot: $(WORD_SOURCES)
	@mkdir -p $(dir $@)
	$(XGETTEXT) -o $@.tmp $(WORD_SOURCES) && mv $@.tmp $@
$(BUILD)/gen/core/catalog.h: tools/po2c.sh $(BUILD)/gen/meiro.pot $(PO_FILES)
	@mkdir -p $(dir $@)
	sh tools/po2c.sh $(BUILD)/gen/meiro.pot $(PO_FILES) > $@.tmp && mv $@.tmp $@
$(LIB_OBJ): | $(BUILD)/gen/core/catalog.h
$(BUILD)/gen/cli/messages.c: tools/po2c.sh $(BUILD)/gen/meiro.pot $(PO_FILES)
	@mkdir -p $(dir $@)
	sh tools/po2c.sh --messages $(BUILD)/gen/meiro.pot $(PO_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/obj/cli/messages.o: $(BUILD)/gen/cli/messages.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Iinclude -Isrc/cli $(ALL_CFLAGS) -c $< -o $@
po: $(BUILD)/gen/meiro.pot
	sed '/^"POT-Creation-Date:/d' $< > po/meiro.pot
	for f in $(PO_FILES); do msgmerge --quiet --update --backup=none --no-fuzzy-matching $$f po/meiro.pot || exit 1; done

# the shipped templates, compiled in
$(BUILD)/gen/builtin_files.c: tools/embed.sh $(TEMPLATE_FILES)
	@mkdir -p $(dir $@)
	sh tools/embed.sh $(TEMPLATE_FILES) > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/page/builtin_files.o: $(BUILD)/gen/builtin_files.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(BASE_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) -c $< -o $@

# the HTML page's style and script, compiled in
HTML_ASSETS := src/compose/html/play.css src/compose/html/play.js
$(BUILD)/gen/html_assets.c: tools/embed-text.sh $(HTML_ASSETS)
	@mkdir -p $(dir $@)
	sh tools/embed-text.sh html $(HTML_ASSETS) > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/compose/html_assets.o: $(BUILD)/gen/html_assets.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) -c $< -o $@

# meiro serve's page, compiled in, with its list of languages (po/)
SERVE_ASSETS := src/serve/page/index.html src/serve/page/studio.css src/serve/page/studio.js \
                src/serve/page/studio-words.js \
                src/serve/page/studio-backend.js \
                $(BUILD)/gen/studio-langs.js
$(BUILD)/gen/studio-langs.js: tools/po2c.sh $(BUILD)/gen/meiro.pot $(PO_FILES)
	@mkdir -p $(dir $@)
	sh tools/po2c.sh --js $(BUILD)/gen/meiro.pot $(PO_FILES) > $@.tmp && mv $@.tmp $@
$(BUILD)/gen/serve_assets.c: tools/embed-text.sh $(SERVE_ASSETS)
	@mkdir -p $(dir $@)
	sh tools/embed-text.sh serve $(SERVE_ASSETS) > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/serve/serve_assets.o: $(BUILD)/gen/serve_assets.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/obj/page/template.o: private CPPFLAGS += -DMEIRO_TEMPLATE_DIR='"$(TEMPLATE_DIR)"'

# Two archives: libmeiro.a, installed, whose internal symbols are made local
# (one relocatable object, all but the API localized) so a program linking
# it statically meets no name of ours but the API; and the plain objects
# for the white-box tests, which call the internals.
$(BUILD)/libmeiro.a: $(LIB_OBJ) $(BUILD)/api.list
	rm -f $@ $(BUILD)/meiro-all.o
	$(LD) -r -o $(BUILD)/meiro-all.o $(LIB_OBJ)
	objcopy --keep-global-symbols=$(BUILD)/api.list $(BUILD)/meiro-all.o
	$(AR) rcs $@ $(BUILD)/meiro-all.o

$(BUILD)/libmeiro-internal.a: $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

# the API: every function include/ marks MEIRO_API
$(BUILD)/api.list: $(wildcard include/*.h include/meiro/*.h)
	@mkdir -p $(dir $@)
	sed -n 's/^MEIRO_API .*[^a-z0-9_]\(meiro_[a-z0-9_]*\)(.*/\1/p' $^ | sort -u > $@.tmp && mv $@.tmp $@
# libmeiro.so's version script (tools/libmeiro.map): the API, and what the
# drawing module uses of the library, each symbol its objects leave
# undefined that libmeiro.so's define
$(BUILD)/libmeiro.map: tools/libmeiro.map $(BUILD)/api.list $(LIGHT_OBJ) $(MODULE_OBJ)
	nm -g --defined-only $(LIGHT_OBJ) | awk 'NF == 3 { print $$3 }' | sort -u > $@.defined
	nm -u $(MODULE_OBJ) | awk 'NF == 2 { print $$2 }' | sort -u | comm -12 - $@.defined > $@.private
	awk -v api=$(BUILD)/api.list -v private=$@.private \
	    '/@API@/ { while ((getline l < api) > 0) print "        " l ";"; next } \
	     /@PRIVATE@/ { while ((getline l < private) > 0) print "        " l ";"; next } { print }' \
	    tools/libmeiro.map > $@.tmp && mv $@.tmp $@ && rm -f $@.defined $@.private

# the soname's link next to it, which the program and the module find
$(BUILD)/libmeiro.so: $(LIGHT_OBJ) $(BUILD)/libmeiro.map
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,-Bsymbolic \
		-Wl,--version-script=$(BUILD)/libmeiro.map -o $@ $(LIGHT_OBJ) $(LIGHT_LIBS)
	ln -sf libmeiro.so $(BUILD)/$(SONAME)

$(MODULE): $(MODULE_OBJ) $(BUILD)/libmeiro.so tools/module.map
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,--no-undefined -Wl,--version-script=tools/module.map $(MODULE_RPATH) -o $@ \
		$(MODULE_OBJ) $(BUILD)/libmeiro.so $(MODULE_LIBS)

# the program links libmeiro.so, found next to it (the build folder) or
# in ../lib (installed); it exports to the server module what the module
# uses of it (the option tables, the messages): every symbol the server's
# objects leave undefined, those of the C library and libmeiro.so doing no harm
$(BUILD)/meiro: $(CLI_OBJ) $(BUILD)/libmeiro.so $(BUILD)/serve.dynlist
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -Wl,--dynamic-list=$(BUILD)/serve.dynlist $(RPATH) \
		-o $@ $(CLI_OBJ) $(BUILD)/libmeiro.so -lm

$(BUILD)/serve.dynlist: $(SERVE_OBJ)
	{ echo '{'; nm -u $(SERVE_OBJ) | awk 'NF == 2 { print "    " $$2 ";" }' | sort -u; echo '};'; } > $@.tmp && mv $@.tmp $@

$(SERVE_MODULE): $(SERVE_OBJ) tools/serve.map
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,--version-script=tools/serve.map -o $@ $(SERVE_OBJ) $(SERVE_LIBS)

$(BUILD)/tests/%: tests/%.c tests/harness.h tests/picture.h tests/tools.h tests/whitebox.h $(BUILD)/libmeiro-internal.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(TEST_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) $(WITH_RENDER) -o $@ $< $(TEST_OBJ) $(BUILD)/libmeiro-internal.a $(LDLIBS)

# The fault tests link the allocators compiled with the fault-injection hook
# ahead of the library, whose own alloc.o (without it) is then not used.
$(BUILD)/obj/core/alloc-fault.o: src/core/alloc.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(BASE_CPPFLAGS) $(ALL_CFLAGS) $(LIB_CFLAGS) -DMEIRO_FAULT_INJECTION -c $< -o $@
$(BUILD)/tests/test_faults: TEST_OBJ = $(BUILD)/obj/core/alloc-fault.o
$(BUILD)/tests/test_faults: $(BUILD)/obj/core/alloc-fault.o $(BUILD)/tests/meiro-faults
# the command line so built: MEIRO_FAULT_NTH=N fails its Nth allocation
$(BUILD)/tests/meiro-faults: $(CLI_OBJ) $(BUILD)/obj/core/alloc-fault.o $(BUILD)/libmeiro-internal.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(WITH_RENDER) -o $@ $^ $(LDLIBS) $(SERVE_LIBS)

$(API_BIN): $(BUILD)/tests/%: tests/%.c tests/harness.h tests/tools.h $(BUILD)/libmeiro.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Iinclude $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_OBJ) $(BUILD)/libmeiro.a $(LDLIBS)

$(BENCH): tests/bench.c $(BUILD)/libmeiro.a
	$(CC) $(CPPFLAGS) -Iinclude $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libmeiro.a $(LDLIBS)

deps:
	@sh tools/deps.sh $(BUILD_PKGS)

# The Debian packages (debian/): dpkg-buildpackage from a clean copy of the
# tree as it is (the files git tracks, and new ones it does not ignore), so
# the working build/ is neither used nor touched; the .deb files in
# $(BUILD)/deb, the build's log in $(BUILD)/deb/build.log
deb:
	@sh tools/deps.sh $(DEB_PKGS) $$(sed -n '/^Build-Depends:/,/^[A-Z]/p' debian/control | \
		sed 's/^Build-Depends://; /^[A-Z]/d; s/([^)]*)//g; s/debhelper-compat//; s/,/ /g')
	@rm -rf $(BUILD)/deb && mkdir -p $(BUILD)/deb/src/meiro-$(VERSION)
	@git ls-files -z --cached --others --exclude-standard | tr '\0' '\n' | while IFS= read -r f; do [ -e "$$f" ] && echo "$$f"; done | \
		tar -cf - -T - | tar -xf - -C $(BUILD)/deb/src/meiro-$(VERSION)
	@echo "dpkg-buildpackage in $(BUILD)/deb/src/meiro-$(VERSION) (log: $(BUILD)/deb/build.log)"
	@cd $(BUILD)/deb/src/meiro-$(VERSION) && dpkg-buildpackage -us -uc -b -j$(JOBS) > ../../build.log 2>&1 || { tail -40 ../../build.log; exit 1; }
	@mv $(BUILD)/deb/src/*.deb $(BUILD)/deb/ && rm -rf $(BUILD)/deb/src
	@ls $(BUILD)/deb/*.deb

deps-test:
	@sh tools/deps.sh $(TEST_PKGS)
	@sh tools/locale.sh de_DE.UTF-8

browser-deps: deps-test $(NODE_DIR)/.$(PUPPETEER)

$(NODE_DIR)/.$(PUPPETEER):
	@command -v npm >/dev/null 2>&1 || sh tools/deps.sh npm
	@mkdir -p $(NODE_DIR)
	@# (the static site's packages too, web/web.mk: an install without them would remove them)
	npm install --no-save --no-audit --no-fund --prefix $(NODE_DIR) $(PUPPETEER) $(WEB_SITE_NPM) > $(NODE_DIR)/npm.log 2>&1 \
		|| { cat $(NODE_DIR)/npm.log; exit 1; }
	@touch $@

# The tests, in tiers (tests/run.sh runs the suites of a tier, two at a
# time, and ends with "N passed, N failed"; a check that cannot run for a
# missing tool is "skipped" and fails the run):
#   make test        the fast suites: every test program and the scripts marked
#                    for it, the programs that read documents back left out
#   make check       installs what is missing; the layer and symbol checks; every
#                    suite with the documents read back by poppler, librsvg,
#                    LibreOffice, Gnumeric and Chromium; and make check-asan's
#                    tier, in one run
#   make check-asan  the fast suites, the fault tests, the fuzz corpora replayed
#                    (tests/test_corpora.c) and every command and format once
#                    (tests/smoke.sh), under ASan and UBSan
# `build/tests/test_io save` runs one case of one suite, with every check.
# The builds and the suites use JOBS processors (all of them).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
check: deps-test browser-deps web
	@sh tools/check-layers.sh
	@$(MAKE) --no-print-directory $(BUILD)/gen/meiro.pot && sh tools/check-po.sh $(BUILD)/gen/meiro.pot
	@# both builds in one make, so neither waits for the other's last link
	@$(MAKE) --no-print-directory -j$(JOBS) tests asan-tests > build-check.log 2>&1 || { cat build-check.log; exit 1; }
	@rm -f build-check.log
	@sh tools/check-symbols.sh build
	@sh tools/check-links.sh build
	@$(MAKE) --no-print-directory check-nocairo
	@# one suite more than the processors: the browser's and the server's
	@# suites wait on their pages and requests for half their time
	@MEIRO_TEST_JOBS=$$(($(JOBS) + 1)) sh tests/run.sh check build asan build/asan

# the test programs, built
tests: all $(TEST_BIN) $(BUILD)/tests/meiro-faults $(BENCH) $(BUILD)/tests/look $(BUILD)/tests/stl_view

test:
	@$(MAKE) --no-print-directory -j$(JOBS) tests > build-test.log 2>&1 || { cat build-test.log; exit 1; }
	@rm -f build-test.log
	@MEIRO_TEST_JOBS=$(JOBS) sh tests/run.sh test build

check-asan:
	@$(MAKE) --no-print-directory -j$(JOBS) asan-tests > build-asan.log 2>&1 || { cat build-asan.log; exit 1; }
	@rm -f build-asan.log
	@MEIRO_TEST_JOBS=$(JOBS) sh tests/run.sh asan build/asan

ASAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# -g1: line tables for the sanitizers' reports, without the full debug
# information that made a quarter of the sanitized build's time
asan-tests:
	@$(MAKE) --no-print-directory tests BUILD=build/asan CFLAGS="-O1 -g1" EXTRA_CFLAGS="$(ASAN_FLAGS)"

# Fuzzing: a libFuzzer target for every reader a user can feed a file to
# (text with its drawings and block mazes, CSV, JSON, page templates, SVG, PNG,
# JPEG, GIF and BMP pictures, meiro serve's queries, PDFs to preflight or
# to take a cover from, pages' descriptions drawn by cairo, and the machines'
# files preflight reads back: G-code, HP-GL, DXF, STL, 3MF), built with
# clang against the library compiled the same way in build/fuzz, each run for
# FUZZ_SECONDS; a crash, leak, undefined behaviour or hang fails the run.
FUZZ_SECONDS ?= 20
FUZZ_TARGETS  = text csv json template picture query pdf page machine
FUZZ_DIR      = build/fuzz
FUZZ_SAN      = $(ASAN_FLAGS)
fuzz:
	@sh tools/deps.sh $(FUZZ_PKGS)
	@mkdir -p $(FUZZ_DIR)
	@$(MAKE) --no-print-directory fuzz-targets BUILD=$(FUZZ_DIR) CC=clang CFLAGS="-O1 -g" \
		EXTRA_CFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" > $(FUZZ_DIR)/build.log 2>&1 \
		|| { cat $(FUZZ_DIR)/build.log; exit 1; }
	@sh tests/fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

FUZZ_BIN = $(FUZZ_TARGETS:%=$(BUILD)/fuzz_%)
fuzz-targets: $(FUZZ_BIN)

# A target's source and flags: fuzz_text, fuzz_csv and fuzz_json are one
# source (fuzz_maze.c); fuzz_picture, fuzz_pdf and fuzz_page reach inside the
# library (the picture loader, the PDF readers without their child process,
# the description's reader and cairo backend)
# fuzz_query reads meiro serve's queries, with the commands' option tables
fuzz_src   = tests/fuzz/$(or $(filter fuzz_template fuzz_picture fuzz_query fuzz_pdf fuzz_page fuzz_machine,$(basename $(notdir $1))),fuzz_maze).c
fuzz_flags = $(if $(findstring _csv,$1),-DFUZZ_CSV) $(if $(findstring _json,$1),-DFUZZ_JSON) \
             $(if $(findstring _picture,$1)$(findstring _pdf,$1)$(findstring _machine,$1),-Isrc) \
             $(if $(findstring _page,$1),$(RENDER_CPPFLAGS)) $(if $(findstring _query,$1),-Isrc/cli -Isrc/serve)
FUZZ_SRCS  = tests/fuzz/fuzz_maze.c tests/fuzz/fuzz_template.c tests/fuzz/fuzz_picture.c tests/fuzz/fuzz_query.c \
             tests/fuzz/fuzz_pdf.c tests/fuzz/fuzz_page.c tests/fuzz/fuzz_machine.c
# the query reader and what it uses of the command line (not main.c: the
# target gives the option tables itself)
FUZZ_CLI_OBJ = $(addprefix $(BUILD)/obj/,serve/query.o cli/common.o cli/generate.o cli/booklet.o cli/rule.o cli/picture.o \
                 cli/say.o cli/messages.o)
$(FUZZ_BIN): $(FUZZ_SRCS) $(BUILD)/libmeiro-internal.a $(FUZZ_CLI_OBJ) | $(BUILD)/gen/core/catalog.h
	$(CC) $(CPPFLAGS) -Iinclude $(call fuzz_flags,$@) $(ALL_CFLAGS) $(LDFLAGS) $(WITH_RENDER) -fsanitize=fuzzer \
		-o $@ $(call fuzz_src,$@) $(if $(findstring _query,$@),$(FUZZ_CLI_OBJ)) $(BUILD)/libmeiro-internal.a $(LDLIBS)

# The same targets without libFuzzer, their entry points renamed, for
# test_corpora, which replays the seed corpora through them in every tier.
CORPUS_OBJ = $(FUZZ_TARGETS:%=$(BUILD)/tests/fuzz_%.o)
$(CORPUS_OBJ): $(BUILD)/tests/fuzz_%.o: $(FUZZ_SRCS) | $(BUILD)/gen/core/catalog.h
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Iinclude $(call fuzz_flags,$@) $(ALL_CFLAGS) -DLLVMFuzzerTestOneInput=fuzz_$* \
		-c -o $@ $(call fuzz_src,$@)
$(BUILD)/tests/test_corpora: TEST_OBJ = $(CORPUS_OBJ) $(FUZZ_CLI_OBJ)
$(BUILD)/tests/test_corpora: $(CORPUS_OBJ) $(FUZZ_CLI_OBJ)

# The geometry without cairo (issue 37): the glyph layer (the text
# measurer, the rasteriser, the masks of names and built-in shapes), the
# 3D prints' meshes (solid) and core compiled with no cairo, pango or
# librsvg header on the include path
# (what a build for the browser has), linked with FreeType, HarfBuzz and
# fontconfig alone; tests/nocairo.c prints their masks for a few names and
# every shape, and the same program against the native library
# (libmeiro.so and its drawing module) must print the same bytes.
# The page planner (its geometry, templates, the page's description and its
# JSON, the corridors' centre-lines, the machines' strokes) with gen and io,
# which it reads, is compiled the same way into an archive: what decides a
# page builds without the drawing libraries.
NOCAIRO_DIR      = $(BUILD)/nocairo
NOCAIRO_CPPFLAGS = $(GLYPH_CPPFLAGS) $(shell pkg-config --cflags $(PAGE_PKGS) 2>/dev/null) -DMEIRO_NOCAIRO
NOCAIRO_SRC      = $(wildcard src/core/*.c src/glyph/*.c src/solid/*.c)
NOCAIRO_OBJ      = $(NOCAIRO_SRC:src/%.c=$(NOCAIRO_DIR)/%.o)
NOCAIRO_PLAN_SRC = $(wildcard src/gen/*.c src/io/*.c src/content/*.c src/page/*.c src/compose/*.c)
NOCAIRO_PLAN_OBJ = $(NOCAIRO_PLAN_SRC:src/%.c=$(NOCAIRO_DIR)/%.o)
$(NOCAIRO_DIR)/page/louis_lib.o $(NOCAIRO_DIR)/page/braille.o: private CPPFLAGS += $(LOUIS_CPPFLAGS)
$(NOCAIRO_DIR)/glyph/glyph_libs.o: private CPPFLAGS += $(GLYPH_SONAMES)
$(NOCAIRO_DIR)/planner.a: $(NOCAIRO_PLAN_OBJ)
	rm -f $@ && ar rcs $@ $^
$(NOCAIRO_DIR)/%.o: src/%.c $(BUILD)/gen/cflags | $(BUILD)/gen/core/catalog.h
	@mkdir -p $(dir $@)
	@case '$(NOCAIRO_CPPFLAGS)' in *cairo*|*pango*|*rsvg*) echo "check-nocairo: a drawing library on the include path: $(NOCAIRO_CPPFLAGS)"; exit 1 ;; esac
	$(CC) $(CPPFLAGS) $(NOCAIRO_CPPFLAGS) $(ALL_CFLAGS) -c $< -o $@
$(NOCAIRO_DIR)/masks: tests/nocairo.c $(NOCAIRO_OBJ)
	$(CC) $(CPPFLAGS) $(NOCAIRO_CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(NOCAIRO_OBJ) \
		$(shell pkg-config --libs $(GLYPH_PKGS) 2>/dev/null) -lm
$(NOCAIRO_DIR)/masks-native: tests/nocairo.c $(BUILD)/libmeiro.so $(MODULE)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Iinclude $(ALL_CFLAGS) $(LDFLAGS) -Wl,-rpath,'$$ORIGIN/..' -o $@ $< $(BUILD)/libmeiro.so -lm
check-nocairo: $(NOCAIRO_DIR)/masks $(NOCAIRO_DIR)/masks-native $(NOCAIRO_DIR)/planner.a
	@$(NOCAIRO_DIR)/masks > $(NOCAIRO_DIR)/masks.txt
	@$(NOCAIRO_DIR)/masks-native > $(NOCAIRO_DIR)/masks-native.txt
	@cmp $(NOCAIRO_DIR)/masks.txt $(NOCAIRO_DIR)/masks-native.txt
	@echo "check-nocairo: the masks of $$(grep -cE ' [0-9]+x[0-9]+$$' $(NOCAIRO_DIR)/masks.txt) names and shapes built without cairo, pango or librsvg are the native ones; the page planner and composer ($(words $(NOCAIRO_PLAN_OBJ)) files) built so too"

# The memory-limit walk: every job (PDF, PNG, XLSX, text, booklets) under
# ulimit -v from 48 to 320 MB in 16 MB steps must end by itself, written or
# "out of memory"; prints the floors. Some 3 minutes: not part of make check.
check-memory: all
	@sh tests/ulimit-walk.sh $(BUILD) 48 320 16

bench: deps $(BENCH) $(BUILD)/meiro
	$(BENCH)
	@sh tools/deps.sh python3
	python3 tests/bench-serve.py $(BUILD)/meiro
	@$(MAKE) --no-print-directory bench-web

# The main job: an A4 maze as PDF, XLSX, SVG and PNG, with and without the
# answer, plus the text forms, in out/.
DEMO = $(BUILD)/meiro generate -W 20 -H 28 -s 2026 --title "Maze"
demo: deps all
	@mkdir -p out
	$(DEMO) -o out/maze.pdf
	$(DEMO) --answer-page -o out/maze-with-answer.pdf
	$(DEMO) --answer-page -o out/maze.xlsx
	$(DEMO) -o out/maze.svg
	$(DEMO) --solution -o out/maze-answer.svg
	$(DEMO) --dpi 150 -o out/maze.png
	$(DEMO) --solution --dpi 150 -o out/maze-answer.png
	$(DEMO) -o out/maze.txt
	$(DEMO) -o out/maze.csv
	$(BUILD)/meiro generate -W 8 -H 10 -s 2026 -t kids-a4 -o out/kids.pdf
	$(BUILD)/meiro booklet -n 40 --difficulty easy-expert -s 2026 --title "40 mazes" -o out/booklet.pdf
	@echo "Wrote out/: maze.pdf, maze-with-answer.pdf (puzzle + answer page), maze.xlsx"
	@echo "(sheets Maze and Answer), maze.svg, maze-answer.svg, maze.png, maze-answer.png,"
	@echo "maze.txt, maze.csv, kids.pdf (a child's maze) and booklet.pdf (40 mazes getting"
	@echo "harder, answer key at the back). Print out/maze.pdf on A4."
	@echo "To make and print mazes in a browser: $(BUILD)/meiro serve --open"

# samples/ is made here from fixed seeds, never edited by hand.
SAMPLE = $(BUILD)/meiro generate -s 1
samples: all deps-test browser-deps $(BUILD)/tests/stl_view
	@mkdir -p samples
	$(SAMPLE) -W 12 -H 8 -a cluster -o samples/cluster-12x8.txt
	$(SAMPLE) -W 12 -H 8 -a cluster -o samples/cluster-12x8.csv
	$(SAMPLE) -W 12 -H 8 -a dig --solution -o samples/dig-12x8-solved.txt
	$(SAMPLE) -W 12 -H 8 -a bar -f ascii -o samples/bar-12x8-ascii.txt
	$(SAMPLE) -W 12 -H 8 -a wall -f unicode -o samples/wall-12x8-unicode.txt
	$(SAMPLE) -W 10 -H 8 -a dig -t kids-a4 --title "Maze for Hana" -o samples/maze.html
	$(SAMPLE) -W 8 -H 11 -a dig --cell 18 --title "Maze for Hana" -o samples/kids-a4.pdf
	$(SAMPLE) -W 33 -H 33 -a cluster --title "33 x 33, as in the Excel original" --answer-page -o samples/excel33.xlsx
	$(SAMPLE) -W 33 -H 33 -a cluster --title "33 x 33, as in the Excel original" --answer-page -o samples/excel33.pdf
	$(SAMPLE) -W 24 -H 16 -a wall --paper a5 -o samples/wall-a5.svg
	$(SAMPLE) -W 24 -H 16 -a wall --solution --crop --dpi 96 -o samples/wall-solved.png
	$(SAMPLE) -W 8 -H 11 -a dig --cell 18 --title "Maze for Hana" --dpi 60 -o samples/kids-a4-preview.png
	$(SAMPLE) -W 7 -H 9 -a dig -t kids-ja -o samples/kids-ja.pdf
	$(BUILD)/meiro booklet -t booklet-a5 -n 6 --difficulty easy-hard -s 2026 -o samples/booklet-a5.pdf
	pdftoppm -r 30 -png -f 1 -l 4 samples/booklet-a5.pdf samples/booklet-a5-page
	$(BUILD)/meiro booklet -t booklet-a5 -n 6 --difficulty easy-hard -s 2026 --fold -o samples/booklet-a5-folded.pdf
	pdftoppm -r 20 -png -f 1 -l 2 samples/booklet-a5-folded.pdf samples/booklet-a5-sheet
	pdftoppm -r 30 -png -f 1 -l 1 samples/kids-ja.pdf samples/kids-ja-page
	# a page in each language of po/ (kids-a4's words in it), and a booklet's contents and key
	@mkdir -p samples/lang
	for l in $(LANG_CODES); do \
	    $(SAMPLE) -W 7 -H 9 -a dig -t kids-a4 --lang $$l --answer-page -o samples/lang/kids-$$l.pdf && \
	    pdftoppm -r 30 -png -f 1 -l 1 samples/lang/kids-$$l.pdf samples/lang/kids-$$l-page && \
	    $(BUILD)/meiro booklet -n 6 --difficulty easy-hard --contents --answers key --lang $$l -s 2026 \
	        -o samples/lang/booklet-$$l.pdf && \
	    $(BUILD)/meiro booklet --rule skip:5 --answers key --lang $$l -s 2026 -o samples/lang/rule-$$l.pdf \
	        || exit 1; \
	done
	$(SAMPLE) -W 26 -H 24 -a dig --shape heart --title "A heart for Hana" --answer-page -o samples/heart.pdf
	pdftoppm -r 30 -png samples/heart.pdf samples/heart-page
	$(SAMPLE) --text HANA -a dig --title "HANA" --answer-page -o samples/name-hana.pdf
	pdftoppm -r 30 -png samples/name-hana.pdf samples/name-hana-page
	$(SAMPLE) --text はな -a dig --lang ja --title "はなの めいろ" --answer-page -o samples/name-hana-ja.pdf
	pdftoppm -r 30 -png samples/name-hana-ja.pdf samples/name-hana-ja-page
	$(SAMPLE) --grid polar -H 10 --ends center -a dig --title "Into the middle" --answer-page -o samples/polar.pdf
	pdftoppm -r 30 -png samples/polar.pdf samples/polar-page
	$(SAMPLE) --grid hex -W 15 -H 12 -a dig --answer-page -o samples/hex.pdf
	pdftoppm -r 30 -png samples/hex.pdf samples/hex-page
	$(SAMPLE) -W 10 -H 8 -a dig --ball 8mm --solution -f stl-ascii -o samples/marble.stl
	$(BUILD)/tests/stl_view samples/marble.stl samples/marble.png 800
	$(SAMPLE) --grid polar -H 6 -a dig --ball 8mm --lid -o samples/marble-round.3mf
	$(SAMPLE) --grid polar -H 6 -a dig --ball 8mm -o samples/marble-round.stl
	$(BUILD)/tests/stl_view samples/marble-round.stl samples/marble-round.png 800
	$(SAMPLE) --wrap x -W 14 -H 8 -a dig --ball 6mm --solution -f stl-ascii -o samples/tube.stl
	$(BUILD)/tests/stl_view samples/tube.stl samples/tube.png 800 210 10
	$(SAMPLE) -W 12 -H 9 --print plotter --solution -o samples/plotter.gcode
	$(SAMPLE) -W 12 -H 9 --print laser --kerf 0.15mm -o samples/laser.dxf
	for f in plotter.gcode laser.dxf; do python3 tools/machine-view.py samples/$$f $(BUILD)/$$f.svg && \
	    rsvg-convert -o samples/$${f%.*}.png $(BUILD)/$$f.svg || exit 1; done
	$(SAMPLE) -W 12 -H 9 --draw paths --title "Follow the line" -o samples/paths.pdf
	pdftoppm -r 30 -png -singlefile samples/paths.pdf samples/paths
	$(SAMPLE) --grid triangle -W 24 -H 12 -a dig --answer-page -o samples/triangle.pdf
	pdftoppm -r 30 -png samples/triangle.pdf samples/triangle-page
	$(SAMPLE) --grid polar -H 8 --ends center -a dig -o samples/polar-8.json
	@mkdir -p samples/child
	# as a parent types them, on the default paper (the long names at 4 in
	# cells a little under 10 mm, with a warning)
	for a in 4 6 9; do \
	    $(SAMPLE) --text Hana --age $$a -o samples/child/hana-age$$a.pdf && \
	    $(SAMPLE) --text Alexander --age $$a -o samples/child/alexander-age$$a.pdf && \
	    $(SAMPLE) --text "Mary Jane" --age $$a -o samples/child/mary-jane-age$$a.pdf && \
	    $(SAMPLE) --text はな --lang ja --age $$a -o samples/child/hana-ja-age$$a.pdf && \
	    $(SAMPLE) --text I --age $$a -o samples/child/i-age$$a.pdf && \
	    $(SAMPLE) --text A --age $$a -o samples/child/a-age$$a.pdf || exit 1; \
	done
	$(SAMPLE) --grid polar --age 4 -o samples/child/round-age4.pdf
	for s in heart star circle apple fish cat house cloud flower tree car bear; do \
	    $(SAMPLE) --shape $$s --age 4 -o samples/child/$$s-age4.pdf || exit 1; \
	done
	for f in samples/child/*.pdf; do pdftoppm -r 30 -png -singlefile "$$f" "$${f%.pdf}" || exit 1; done
	$(BUILD)/meiro booklet -n 8 --shape heart,star,cat,fish,apple,house,cloud,circle -s 2026 -o samples/booklet-shapes.pdf
	# new kinds: a weave maze and its answer, rule mazes (a class set, Japanese), a KDP cover
	$(SAMPLE) -W 14 -H 18 -a dig --weave 50 --title "Over and under" --answer-page -o samples/weave.pdf
	pdftoppm -r 30 -png samples/weave.pdf samples/weave-page
	$(SAMPLE) -W 14 -H 10 --wrap xy --title "Round and round" --answer-page -o samples/wrap.pdf
	pdftoppm -r 30 -png samples/wrap.pdf samples/wrap-page
	$(SAMPLE) -W 6 -H 7 --print tactile --title "Maze" -o samples/tactile.pdf
	pdftoppm -r 30 -png -singlefile samples/tactile.pdf samples/tactile
	# the pre-braille progression, a sheet a step; large print, and in OpenDyslexic
	for l in 1 2 3 4 5; do \
	    $(SAMPLE) --print tactile --tactile-level $$l --title "Step $$l" -o samples/tactile-level$$l.pdf && \
	    pdftoppm -r 30 -png -singlefile samples/tactile-level$$l.pdf samples/tactile-level$$l || exit 1; \
	done
	$(SAMPLE) --print large-print --title "Find the way" --answer-page -o samples/large-print.pdf
	pdftoppm -r 30 -png samples/large-print.pdf samples/large-print-page
	$(SAMPLE) --print large-print -t large-print-dyslexic --title "Find the way" -o samples/large-print-dyslexic.pdf
	pdftoppm -r 30 -png -singlefile samples/large-print-dyslexic.pdf samples/large-print-dyslexic
	$(BUILD)/meiro booklet --print tactile -n 6 --title "Mazes for Anna" -s 2026 -o samples/tactile-booklet.pdf
	pdftoppm -r 30 -png -f 1 -l 3 samples/tactile-booklet.pdf samples/tactile-booklet-page
	$(BUILD)/meiro booklet --print large-print -n 22 --answers key -s 2026 -o samples/large-print-booklet.pdf
	pdftoppm -r 30 -png -f 1 -l 3 samples/large-print-booklet.pdf samples/large-print-booklet-page
	$(SAMPLE) -W 5 -H 6 --print tactile --draw walls --title "Maze" -o samples/tactile-walls.pdf
	pdftoppm -r 30 -png -singlefile samples/tactile-walls.pdf samples/tactile-walls
	$(SAMPLE) --grid hex -W 5 -H 4 --print tactile --draw walls --title "Maze" -o samples/tactile-walls-hex.pdf
	pdftoppm -r 30 -png -singlefile samples/tactile-walls-hex.pdf samples/tactile-walls-hex
	$(SAMPLE) -W 6 -H 6 --print tactile --title "Maze" -o samples/tactile-plate.stl
	$(BUILD)/tests/stl_view samples/tactile-plate.stl samples/tactile-plate.png 800
	# missions: keys and doors with one-way arrows, items in order (the answers number the pickups)
	$(SAMPLE) -W 12 -H 9 --mission keys:3 --one-way 15 --title "Keys and doors" --answer-page -o samples/keys.pdf
	pdftoppm -r 30 -png samples/keys.pdf samples/keys-page
	$(SAMPLE) -W 10 -H 8 --mission collect:5 --title "Pick them up in order" --answer-page -o samples/collect.pdf
	pdftoppm -r 30 -png samples/collect.pdf samples/collect-page
	$(BUILD)/meiro booklet -n 6 --kinds keys,collect,one-way --answers key -s 2026 -o samples/booklet-missions.pdf
	# multi-level: two floors joined by stairs, and the answer taking them
	$(SAMPLE) -W 10 -H 8 --levels 2 --title "Up and down the stairs" --answer-page -o samples/levels.pdf
	pdftoppm -r 30 -png samples/levels.pdf samples/levels-page
	$(BUILD)/meiro generate --rule multiples:3 -s 2026 -o samples/rule-multiples3.pdf
	pdftoppm -r 30 -png samples/rule-multiples3.pdf samples/rule-multiples3-page
	$(BUILD)/meiro generate --rule aiueo --lang ja -s 2026 -o samples/rule-aiueo.pdf
	pdftoppm -r 30 -png -f 1 -l 1 samples/rule-aiueo.pdf samples/rule-aiueo-page
	$(BUILD)/meiro generate --rule chain:tests/data/shiritori.txt --lang ja -s 2026 -o samples/rule-shiritori.pdf
	$(BUILD)/meiro booklet --rule multiples:3 --copies 4 -s 2026 -o samples/rule-class-set.pdf
	$(BUILD)/meiro generate --rule skip:5 -s 2026 --play -o samples/rule-skip5-play.xlsx
	# picture mazes (the way coloured in draws the picture) and a hidden message
	$(BUILD)/meiro generate --picture heart -s 2026 --answer-page -o samples/picture-heart.pdf
	pdftoppm -r 30 -png samples/picture-heart.pdf samples/picture-heart-page
	$(BUILD)/meiro generate --picture HANA --reverse -s 2026 --answer-page -o samples/picture-hana-reverse.pdf
	pdftoppm -r 30 -png samples/picture-hana-reverse.pdf samples/picture-hana-reverse-page
	$(BUILD)/meiro generate --message "GOOD JOB" -s 2026 -o samples/message-good-job.pdf
	# the cover of a KDP book (86 pages: spine text) with the book's own last maze on its front
	$(BUILD)/meiro booklet -n 72 --paper 8.5x11in --print kdp --title "Mazes for Hana" -s 2026 -o $(BUILD)/cover-kdp-book.pdf
	$(BUILD)/meiro cover --print kdp --for $(BUILD)/cover-kdp-book.pdf -o samples/cover-kdp.pdf
	pdftoppm -r 20 -png -singlefile samples/cover-kdp.pdf samples/cover-kdp
	pdftoppm -r 20 -png -f 2 -l 3 samples/booklet-shapes.pdf samples/booklet-shapes-page
	$(SAMPLE) -W 24 -H 14 -a dig --solution --animate samples/dig-animated.svg -o /dev/null
	$(BUILD)/meiro solve -m bfs --frames samples/seed003-frames tests/data/seed003.txt -o /dev/null
	/usr/bin/python3 tools/play-pictures.py $(BUILD)/meiro samples
	node tests/serve-browser.mjs $(BUILD) samples
	$(MAKE) --no-print-directory $(BUILD)/tests/test_booklet
	MEIRO_AUDIT_SHEET=samples/page-audit.png MEIRO_TEST_DATA=tests/data $(BUILD)/tests/test_booklet page_audit

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(TEMPLATE_DIR)/art $(DESTDIR)$(TEMPLATE_DIR)/shapes
	install -m 644 templates/*.ini $(DESTDIR)$(TEMPLATE_DIR)/
	install -m 644 templates/art/*.svg $(DESTDIR)$(TEMPLATE_DIR)/art/
	install -m 644 templates/shapes/*.svg $(DESTDIR)$(TEMPLATE_DIR)/shapes/
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 doc/meiro.1 $(DESTDIR)$(PREFIX)/share/man/man1/meiro.1
	install -m 755 $(BUILD)/meiro $(DESTDIR)$(PREFIX)/bin/meiro
	install -d $(DESTDIR)$(PREFIX)/include/meiro
	install -m 644 include/meiro.h $(DESTDIR)$(PREFIX)/include/meiro.h
	install -m 644 include/meiro/*.h $(DESTDIR)$(PREFIX)/include/meiro/
	install -m 644 $(BUILD)/libmeiro.a $(DESTDIR)$(LIBDIR)/libmeiro.a
	install -m 755 $(BUILD)/libmeiro.so $(DESTDIR)$(LIBDIR)/libmeiro.so.$(VERSION)
	install -d $(DESTDIR)$(MODULE_DIR)
	install -m 755 $(MODULE) $(DESTDIR)$(MODULE_DIR)/$(MODULE_NAME)
	install -m 755 $(SERVE_MODULE) $(DESTDIR)$(MODULE_DIR)/$(SERVE_MODULE_NAME)
	ln -sf libmeiro.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libmeiro.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@VERSION@|$(VERSION)|' -e 's|@REQUIRES@|$(DEP_LIBS)|' meiro.pc.in \
		> $(DESTDIR)$(LIBDIR)/pkgconfig/meiro.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/meiro
	rm -f $(DESTDIR)$(PREFIX)/bin/meiro $(DESTDIR)$(PREFIX)/include/meiro.h \
		$(DESTDIR)$(LIBDIR)/libmeiro.a $(DESTDIR)$(LIBDIR)/libmeiro.so* $(DESTDIR)$(MODULE_DIR)/$(MODULE_NAME) \
		$(DESTDIR)$(MODULE_DIR)/$(SERVE_MODULE_NAME) \
		$(DESTDIR)$(LIBDIR)/pkgconfig/meiro.pc $(DESTDIR)$(PREFIX)/share/man/man1/meiro.1
	rm -rf $(DESTDIR)$(TEMPLATE_DIR)

clean:
	rm -rf build out build-check.log

include web/web.mk

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
