# meiro in WebAssembly (issue 39), included by the Makefile.
#   make web   build/web/: the engine and the command line compiled with
#              Debian's emscripten, run under Node as
#              node build/web/meiro.mjs generate -W 20 -H 15 -s 3 -f json
#
# What is in it: what the native libmeiro.so holds (core, gen, solve,
# watch, io, content, page, the workbook's writer xlsx/ with libxlsxwriter
# linked in, the top job/, the drawing module's loader, the measurer glyph/
# and the composer compose/: -f page), the masks of names and built-in
# shapes (shapes/mask.c, the drawing module's, through web/module.c's
# table), the fonts handed over from build/web/fonts/ (no fontconfig;
# FreeType and HarfBuzz linked in: MEIRO_GLYPH_LINKED), and the command line;
# the rest of the drawing module is not (draw/, press/, shapes' pictures:
# cairo, pango and librsvg have no WebAssembly build here), so a job that
# draws on cairo fails with the reason (the site draws -f page itself). The
# C libraries they use come from Debian's source packages
# (tools/debsrc.sh), compiled once into WEB_DEPS; never from emscripten's
# ports, which download their sources.
#
# Objects are named by their path (core/mission.c, gen/mission.c and
# solve/mission.c share a name). The layers' include paths are the native
# build's, the libraries' headers from WEB_DEPS. The top and the loader
# include draw/module.h, whose types reach cairo's, pango's, librsvg's,
# glib's and libxlsxwriter's headers: those are the Debian packages' own
# (installed for the native build), for their types only; none of their
# code is compiled or linked.

WEB      = $(BUILD)/web
WEB_OBJ  = $(BUILD)/web-obj
# the libraries' sources and builds, kept by make web (rebuilt only when
# removed): src/PKG, build/PKG, include/, lib/
WEB_DEPS = $(BUILD)/web-deps
WEB_PKGS = emscripten nodejs cmake dpkg-dev
# Debian's emcc runs acorn from Debian's node-acorn, found through NODE_PATH
EMCC     = NODE_PATH=/usr/share/nodejs emcc
EMCMAKE  = NODE_PATH=/usr/share/nodejs emcmake
EMAR     = NODE_PATH=/usr/share/nodejs emar
WEB_CFLAGS = $(WARN) -O2

# the masks of names and built-in shapes (shapes/mask.c, over glyph/: the
# drawing module's code with no drawing library; its table: web/module.c);
# glib's table is web/glib.c's (no glib here)
WEB_MASK_SRC := src/shapes/mask.c
# libmeiro.so's objects (the Makefile's LIGHT_OBJ: every layer but the
# drawing module's, the measurer glyph/ and the composer compose/ with
# them), the masks' and the command line's
WEB_SRC  := $(patsubst $(BUILD)/obj/%.o,src/%.c,$(filter-out $(BUILD)/obj/page/builtin_files.o \
              $(BUILD)/obj/compose/html_assets.o $(BUILD)/obj/shapes/glib_lib.o,$(LIGHT_OBJ))) \
            $(WEB_MASK_SRC) $(wildcard src/cli/*.c)
WEB_OBJS := $(WEB_SRC:src/%.c=$(WEB_OBJ)/%.o) $(WEB_OBJ)/page/builtin_files.o $(WEB_OBJ)/web/module.o \
            $(WEB_OBJ)/web/glib.o $(WEB_OBJ)/cli/messages.o $(WEB_OBJ)/compose/html_assets.o
WEB_CLI_OBJS := $(filter $(WEB_OBJ)/cli/%,$(WEB_OBJS))
WEB_LIB  := $(WEB_OBJ)/libmeiro.a

# jansson (io, page) and inih (page, templates), from Debian's sources.
# bookworm's libinih source is not served by the archive these machines
# reach; trixie's (r59, the same ini_parse_stream and defaults) is.
WEB_JANSSON = $(WEB_DEPS)/lib/libjansson.a
WEB_INIH    = $(WEB_DEPS)/lib/libinih.a
WEB_LIBS    = $(WEB_JANSSON) $(WEB_INIH)
WEB_INIH_PKG = libinih/trixie

# the drawing libraries' headers, for draw/module.h's types (above), which
# come after WEB_LIBINC's (libxlsxwriter's and zlib's are the web build's)
WEB_TYPES = $(patsubst -I%,-isystem %,$(filter-out %/x86_64-linux-gnu %/libmount %/blkid, \
              $(shell pkg-config --cflags-only-I cairo pangocairo librsvg-2.0 2>/dev/null)))
WEB_BASE  = -Iinclude -Isrc -I$(BUILD)/gen
WEB_LIBINC = -isystem $(WEB_DEPS)/include

# every object depends on the flags it was compiled with (as the native
# build's $(BUILD)/gen/cflags)
$(WEB_OBJ)/cflags: FORCE
	@mkdir -p $(dir $@)
	@s='$(EMCC) $(CPPFLAGS) $(WEB_CFLAGS)'; [ "$$(cat $@ 2>/dev/null)" = "$$s" ] || echo "$$s" > $@
$(WEB_OBJ)/%.o: src/%.c $(WEB_OBJ)/cflags $(WEB_LIBS) | $(BUILD)/gen/core/catalog.h
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(WEB_LAYER) $(WEB_CFLAGS) -MMD -MP -c $< -o $@
$(WEB_OBJ)/core/%.o $(WEB_OBJ)/gen/%.o $(WEB_OBJ)/solve/%.o $(WEB_OBJ)/watch/%.o \
    $(WEB_OBJ)/content/%.o: WEB_LAYER = $(WEB_BASE)
$(WEB_OBJ)/io/%.o $(WEB_OBJ)/page/%.o: WEB_LAYER = $(WEB_BASE) $(WEB_LIBINC)
$(WEB_OBJ)/%.o: WEB_LAYER = $(WEB_BASE) $(WEB_LIBINC) $(WEB_TYPES)
$(WEB_OBJ)/glyph/%.o: WEB_LAYER = $(WEB_BASE) $(WEB_GLYPH_INC)
$(WEB_OBJ)/compose/%.o: WEB_LAYER = $(WEB_BASE) $(WEB_GLYPH_INC) $(WEB_LIBINC)
$(WEB_OBJ)/cli/%.o: WEB_LAYER = -Iinclude
$(WEB_OBJ)/page/template.o: private CPPFLAGS += -DMEIRO_TEMPLATE_DIR='"$(TEMPLATE_DIR)"'
# no module to load (the drawing's, the server's): an empty name is the
# build without one
$(WEB_OBJ)/draw/module_load.o: WEB_LAYER = $(WEB_BASE) $(WEB_LIBINC) $(WEB_TYPES) \
    -include $(BUILD)/gen/module_stamp.h -DMEIRO_MODULE_NAME='""' -DMEIRO_MODULE_DIR='""'
$(WEB_OBJ)/draw/module_load.o: $(BUILD)/gen/module_stamp.h
$(WEB_OBJ)/xlsx/xlsx_lib.o: private CPPFLAGS += -DMEIRO_XLSX_SONAME='"libxlsxwriter.a"' -DMEIRO_XLSX_LINKED
# liblouis (tactile sheets' braille, page/braille.c): Debian's header for its
# types, the library opened by name (none in the browser: a tactile sheet
# draws, which the browser's build does not)
$(WEB_OBJ)/page/louis_lib.o $(WEB_OBJ)/page/braille.o: private CPPFLAGS += \
    $(patsubst -I%,-isystem %,$(shell pkg-config --cflags-only-I liblouis 2>/dev/null)) \
    -DMEIRO_LOUIS_SONAME='"liblouis.so"'
$(WEB_OBJ)/cli/serve_lazy.o: private CPPFLAGS += -DMEIRO_SERVE_MODULE='""' -DMEIRO_MODULE_DIR='""'
$(WEB_OBJ)/page/builtin_files.o: $(BUILD)/gen/builtin_files.c $(WEB_OBJ)/cflags
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_BASE) $(WEB_CFLAGS) -c $< -o $@
# the HTML page's script and style (compose/html_write.c)
$(WEB_OBJ)/compose/html_assets.o: $(BUILD)/gen/html_assets.c $(WEB_OBJ)/cflags
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_CFLAGS) -c $< -o $@
# the command's messages in every language (src/cli/say.c)
$(WEB_OBJ)/cli/messages.o: $(BUILD)/gen/cli/messages.c $(WEB_OBJ)/cflags
	@mkdir -p $(dir $@)
	$(EMCC) -Iinclude -Isrc/cli $(WEB_CFLAGS) -c $< -o $@

$(WEB_DEPS)/src/%/.unpacked:
	@sh tools/debsrc.sh $(if $(filter inih,$*),$(WEB_INIH_PKG),$*) $(WEB_DEPS)/src/$*

# jansson with its own CMake build, static, no docs or tests
$(WEB_JANSSON): | $(WEB_DEPS)/src/jansson/.unpacked
	@echo "make web: jansson from Debian's source, once (log: $(WEB_DEPS)/build/jansson.log)"
	@rm -rf $(WEB_DEPS)/build/jansson && mkdir -p $(WEB_DEPS)/build/jansson
	@$(EMCMAKE) cmake -S $(WEB_DEPS)/src/jansson -B $(WEB_DEPS)/build/jansson -DCMAKE_BUILD_TYPE=Release \
		-DJANSSON_BUILD_DOCS=OFF -DJANSSON_EXAMPLES=OFF -DJANSSON_WITHOUT_TESTS=ON \
		-DJANSSON_BUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX=$(abspath $(WEB_DEPS)) \
		> $(WEB_DEPS)/build/jansson.log 2>&1 && \
	  NODE_PATH=/usr/share/nodejs emmake $(MAKE) -C $(WEB_DEPS)/build/jansson install >> $(WEB_DEPS)/build/jansson.log 2>&1 \
		|| { tail -30 $(WEB_DEPS)/build/jansson.log; exit 1; }

# inih is one file; its defaults are Debian's package's (ini.h's own)
$(WEB_INIH): | $(WEB_DEPS)/src/inih/.unpacked
	@mkdir -p $(WEB_DEPS)/build/inih $(WEB_DEPS)/lib $(WEB_DEPS)/include
	$(EMCC) -O2 -c $(WEB_DEPS)/src/inih/ini.c -o $(WEB_DEPS)/build/inih/ini.o
	cp $(WEB_DEPS)/src/inih/ini.h $(WEB_DEPS)/include/ini.h
	$(EMAR) rcs $@ $(WEB_DEPS)/build/inih/ini.o

# ---- The glyph layer's and the workbook's libraries (webdeps39) -------
# FreeType and HarfBuzz (src/glyph: the measurer, the masks of names and
# shapes), zlib and libxlsxwriter (src/xlsx), from Debian's sources,
# static. FreeType with zlib (as Debian's: else it compiles a copy of its
# own, whose names clash with zlib's) and without its other optional
# libraries (meiro's fonts are plain TrueType/OpenType), HarfBuzz as its
# one-file build over it;
# libxlsxwriter with its own minizip (Debian's package links the system's,
# the same zip format) over Debian's zlib.
WEB_FREETYPE = $(WEB_DEPS)/lib/libfreetype.a
WEB_HARFBUZZ = $(WEB_DEPS)/lib/libharfbuzz.a
WEB_ZLIB     = $(WEB_DEPS)/lib/libz.a
WEB_XLSXWRITER = $(WEB_DEPS)/lib/libxlsxwriter.a
WEB_LIBS    += $(WEB_XLSXWRITER) $(WEB_ZLIB) $(WEB_HARFBUZZ) $(WEB_FREETYPE)
# a library's build, its log kept and its end shown when it fails
web_dep_log = > $(WEB_DEPS)/build/$1.log 2>&1 || { tail -30 $(WEB_DEPS)/build/$1.log; exit 1; }

$(WEB_FREETYPE): $(WEB_ZLIB) | $(WEB_DEPS)/src/freetype/.unpacked
	@echo "make web: FreeType from Debian's source, once (log: $(WEB_DEPS)/build/freetype.log)"
	@rm -rf $(WEB_DEPS)/build/freetype && mkdir -p $(WEB_DEPS)/build/freetype
	@$(EMCMAKE) cmake -S $(WEB_DEPS)/src/freetype -B $(WEB_DEPS)/build/freetype -DCMAKE_BUILD_TYPE=Release \
		-DFT_REQUIRE_ZLIB=ON -DZLIB_INCLUDE_DIR=$(abspath $(WEB_DEPS))/include \
		-DZLIB_LIBRARY=$(abspath $(WEB_ZLIB)) -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON \
		-DFT_DISABLE_BROTLI=ON -DCMAKE_INSTALL_PREFIX=$(abspath $(WEB_DEPS)) $(call web_dep_log,freetype)
	@NODE_PATH=/usr/share/nodejs emmake $(MAKE) -C $(WEB_DEPS)/build/freetype install >> $(WEB_DEPS)/build/freetype.log 2>&1 \
		|| { tail -30 $(WEB_DEPS)/build/freetype.log; exit 1; }

# HarfBuzz's headers where pkg-config's harfbuzz puts them (<hb.h>)
$(WEB_HARFBUZZ): $(WEB_FREETYPE) | $(WEB_DEPS)/src/harfbuzz/.unpacked
	@echo "make web: HarfBuzz from Debian's source, once (log: $(WEB_DEPS)/build/harfbuzz.log)"
	@mkdir -p $(WEB_DEPS)/build/harfbuzz $(WEB_DEPS)/include/harfbuzz
	@NODE_PATH=/usr/share/nodejs em++ -std=c++11 -O2 -fno-exceptions -fno-rtti -DHB_NO_MT -DHAVE_FREETYPE \
		-isystem $(WEB_DEPS)/include/freetype2 -c $(WEB_DEPS)/src/harfbuzz/src/harfbuzz.cc \
		-o $(WEB_DEPS)/build/harfbuzz/harfbuzz.o $(call web_dep_log,harfbuzz)
	cp $(WEB_DEPS)/src/harfbuzz/src/hb*.h $(WEB_DEPS)/include/harfbuzz/
	$(EMAR) rcs $@ $(WEB_DEPS)/build/harfbuzz/harfbuzz.o

# zlib's C files as its own Makefile compiles them (its CMake build wants
# the Windows resources Debian's source leaves out, and renames zconf.h in
# the source)
WEB_ZLIB_SRC = adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback inffast inflate \
               inftrees trees uncompr zutil
$(WEB_ZLIB): | $(WEB_DEPS)/src/zlib/.unpacked
	@mkdir -p $(WEB_DEPS)/build/zlib $(WEB_DEPS)/lib $(WEB_DEPS)/include
	cd $(WEB_DEPS)/build/zlib && $(EMCC) -O2 -D_LARGEFILE64_SOURCE=1 -DHAVE_HIDDEN \
		-c $(WEB_ZLIB_SRC:%=$(abspath $(WEB_DEPS))/src/zlib/%.c)
	$(EMAR) rcs $@ $(WEB_ZLIB_SRC:%=$(WEB_DEPS)/build/zlib/%.o)
	cp $(WEB_DEPS)/src/zlib/zlib.h $(WEB_DEPS)/src/zlib/zconf.h $(WEB_DEPS)/include/

$(WEB_XLSXWRITER): $(WEB_ZLIB) | $(WEB_DEPS)/src/libxlsxwriter/.unpacked
	@echo "make web: libxlsxwriter from Debian's source, once (log: $(WEB_DEPS)/build/libxlsxwriter.log)"
	@rm -rf $(WEB_DEPS)/build/libxlsxwriter && mkdir -p $(WEB_DEPS)/build/libxlsxwriter
	@$(EMCMAKE) cmake -S $(WEB_DEPS)/src/libxlsxwriter -B $(WEB_DEPS)/build/libxlsxwriter \
		-DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DUSE_SYSTEM_MINIZIP=OFF \
		-DZLIB_INCLUDE_DIR=$(abspath $(WEB_DEPS))/include -DZLIB_LIBRARY=$(abspath $(WEB_ZLIB)) \
		-DCMAKE_INSTALL_PREFIX=$(abspath $(WEB_DEPS)) $(call web_dep_log,libxlsxwriter)
	@NODE_PATH=/usr/share/nodejs emmake $(MAKE) -C $(WEB_DEPS)/build/libxlsxwriter install \
		>> $(WEB_DEPS)/build/libxlsxwriter.log 2>&1 || { tail -30 $(WEB_DEPS)/build/libxlsxwriter.log; exit 1; }

# The layers compiled against them: glyph with FreeType's and HarfBuzz's
# headers and no fontconfig (its fonts: below); every object after the
# libraries are made, as with jansson and inih
WEB_GLYPH_INC = -isystem $(WEB_DEPS)/include/freetype2 -isystem $(WEB_DEPS)/include/harfbuzz
$(WEB_OBJ)/glyph/%.o: private CPPFLAGS += -DMEIRO_NO_FONTCONFIG -DMEIRO_GLYPH_LINKED
$(WEB_OBJS): $(WEB_XLSXWRITER) $(WEB_HARFBUZZ)
# the build's own tables (the drawing's, glib's), HarfBuzz's headers first
$(WEB_OBJ)/web/%.o: web/%.c $(WEB_OBJ)/cflags $(BUILD)/gen/module_stamp.h
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(WEB_BASE) $(WEB_GLYPH_INC) $(WEB_LIBINC) $(WEB_TYPES) \
		-include $(BUILD)/gen/module_stamp.h $(WEB_CFLAGS) -MMD -MP -c $< -o $@

# The fonts glyph/font.c's table names (the files fontconfig picks
# natively for meiro's families and scripts, from the Debian packages
# BUILD_PKGS installs: fonts-dejavu-core, fonts-ipaexfont-gothic,
# fonts-noto-cjk, fonts-noto-core), found under /usr/share/fonts and copied
# beside the engine; the engine reads one only when a text needs it
# (MEIRO_FONT_DIR: web/meiro.mjs sets it to this folder)
WEB_FONT_NAMES := $(sort $(shell sed -n 's/^ *{.*, "\([^"]*\.tt[fc]\)", [0-9]*},$$/\1/p' src/glyph/font.c))
WEB_FONTS := $(shell find /usr/share/fonts -type f \( $(WEB_FONT_NAMES:%=-name % -o) -false \) 2>/dev/null)
WEB_FONT_FILES = $(addprefix $(WEB)/fonts/,$(WEB_FONT_NAMES))
$(foreach f,$(WEB_FONTS),$(eval $(WEB)/fonts/$(notdir $f): $f ; @mkdir -p $$(dir $$@) && cp $$< $$@))
# ---- end of the glyph layer's and the workbook's libraries --------------

# The command line: Node's own file system (NODERAWFS: the files and
# standard streams are the process's), its exit status the program's;
# meiro.mjs starts it (web/meiro.mjs); dlopen fails with a reason
# (web/dlopen.js); the drawing table (web/module.c), which the loader
# names weakly, taken from the archive (-u)
WEB_LDFLAGS = -O2 -sENVIRONMENT=node -sNODERAWFS=1 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 \
              -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=8MB -sMODULARIZE=1 -sEXPORT_NAME=meiroEngine \
              -sEXPORTED_RUNTIME_METHODS=FS,ENV --js-library web/dlopen.js \
              -Wl,-u,meiro_render_module
$(WEB)/meiro-engine.js: $(WEB_CLI_OBJS) $(WEB_LIB) $(WEB_LIBS) web/dlopen.js
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_LDFLAGS) -o $@ $(WEB_CLI_OBJS) $(WEB_LIB) $(WEB_LIBS)

# the library (every object but the command line's), for programs of
# ours that link it: the engine's bench
$(WEB_LIB): $(filter-out $(WEB_CLI_OBJS),$(WEB_OBJS))
	rm -f $@
	$(EMAR) rcs $@ $^

# make bench's part: the site in Chromium (web/bench-site.mjs: the first
# preview, a preview after a change, a 40-maze booklet's PDF), and
# (web/bench.sh) web/bench.c natively and in WebAssembly (compiled at
# once, WASM_ASYNC_COMPILATION=0, so the loader reads the .wasm from the
# disk and never fetches it)
WEB_BENCH_SIDE = 1000
WEB_BENCH_ALGOS = dig wilson
$(WEB_OBJ)/bench.js: web/bench.c $(WEB_LIB) $(WEB_LIBS)
	$(EMCC) -Iinclude $(WEB_CFLAGS) -sENVIRONMENT=node -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=4GB \
		-sWASM_ASYNC_COMPILATION=0 -o $@ $< $(WEB_LIB) $(WEB_LIBS)
$(BUILD)/bench-engine: web/bench.c $(BUILD)/libmeiro.a
	$(CC) -Iinclude $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(BUILD)/libmeiro.a $(LDLIBS)
.PHONY: bench-web
bench-web: web-deps $(BUILD)/bench-engine
	@mkdir -p $(WEB_OBJ)
	@$(MAKE) --no-print-directory $(WEB_OBJ)/bench.js > $(WEB_OBJ)/bench-build.log 2>&1 || \
		{ cat $(WEB_OBJ)/bench-build.log; exit 1; }
	@sh web/bench.sh $(BUILD)/bench-engine $(WEB_OBJ)/bench.js $(WEB_BENCH_SIDE) $(WEB_BENCH_ALGOS)
	@$(MAKE) --no-print-directory web-site > $(WEB_OBJ)/bench-site.log 2>&1 || { cat $(WEB_OBJ)/bench-site.log; exit 1; }
	@node web/bench-site.mjs $(BUILD)

$(WEB)/meiro.mjs: web/meiro.mjs
	@mkdir -p $(dir $@)
	cp $< $@

.PHONY: web web-deps
# the native build's packages too: their headers (above) and gettext for
# the catalogues
web-deps:
	@sh tools/deps.sh $(WEB_PKGS) $(BUILD_PKGS)
web: web-deps web-site
	@$(MAKE) --no-print-directory $(WEB)/meiro-engine.js $(WEB)/meiro.mjs $(WEB_FONT_FILES)
	@echo "make web: $(WEB)/meiro.mjs, $(WEB)/meiro-engine.js and $(WEB)/meiro-engine.wasm" \
	      "($$(wc -c < $(WEB)/meiro-engine.wasm) bytes, $$(gzip -9c $(WEB)/meiro-engine.wasm | wc -c) gzipped)"

# ---- the static site: make web-site, build/web/site/ (web/site.mjs) ----
# The studio's page (src/serve/page/, meiro serve's own) with the engine in
# a Web Worker instead of the server, a service worker (offline after the
# first visit) and a web app manifest: a folder for any static host. The
# engine is linked again for a worker (its file system in memory, one
# instance a job: web/site/engine-worker.js); the pages it describes
# (-f page) are drawn by web/site/meiro-page.js with pdf-lib and fontkit
# (npm, into build/node as puppeteer-core is). The icons are mazes the
# native meiro draws; api/choices is what the native server answers (the
# same library's tables). One fonts/ folder: the engine's (glyph/font.c's
# table, $(WEB)/fonts above), which the worker reads when a letter needs
# one (engine-worker.js) and the renderer draws the pages' texts in; the
# service worker keeps a font when first asked, never at its install.
WEB_SITE = $(WEB)/site
WEB_SITE_NPM = pdf-lib@1.17.1 @pdf-lib/fontkit@1.1.1
# the masks of names and shapes linked as the command line's are (-u)
WEB_SITE_LDFLAGS = -O2 -sENVIRONMENT=worker -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2GB \
                   -sTOTAL_STACK=8MB -sMODULARIZE=1 -sEXPORT_NAME=meiroEngine \
                   -sEXPORTED_RUNTIME_METHODS=FS,ENV --js-library web/dlopen.js -Wl,-u,meiro_render_module
WEB_SITE_FILES = $(SERVE_ASSETS) $(wildcard web/site/*) web/site.mjs $(wildcard templates/art/*.svg)
# the files copied from npm's packages (installed with puppeteer-core, as
# browser-deps installs them: npm removes what an install does not name)
WEB_SITE_VENDOR = $(NODE_DIR)/node_modules/pdf-lib/dist/pdf-lib.min.js \
                  $(NODE_DIR)/node_modules/@pdf-lib/fontkit/dist/fontkit.umd.min.js
# (linked again when its flags change, here)
$(WEB_OBJ)/site/meiro-engine.js: $(WEB_CLI_OBJS) $(WEB_LIB) $(WEB_LIBS) web/dlopen.js web/web.mk
	@mkdir -p $(dir $@)
	$(EMCC) $(WEB_SITE_LDFLAGS) -o $@ $(WEB_CLI_OBJS) $(WEB_LIB) $(WEB_LIBS)
$(WEB_SITE_VENDOR) &:
	@command -v npm >/dev/null 2>&1 || sh tools/deps.sh npm
	@mkdir -p $(NODE_DIR)
	npm install --no-save --no-audit --no-fund --prefix $(NODE_DIR) $(PUPPETEER) $(WEB_SITE_NPM) > $(NODE_DIR)/npm-site.log 2>&1 \
		|| { cat $(NODE_DIR)/npm-site.log; exit 1; }
	@touch $(WEB_SITE_VENDOR)
$(WEB_SITE)/.made: $(WEB_OBJ)/site/meiro-engine.js $(WEB_SITE_VENDOR) $(BUILD)/meiro $(SERVE_MODULE) $(WEB_SITE_FILES) \
                   $(WEB_FONT_FILES)
	node web/site.mjs $(BUILD) $(WEB_OBJ)/site $(NODE_DIR) $(WEB_SITE)
	@touch $@

.PHONY: web-site
web-site: web-deps all
	@$(MAKE) --no-print-directory $(WEB_SITE)/.made
