// emscripten's library for the WebAssembly build (web/web.mk): dlopen
// fails with a reason, as it does natively for a library that is not
// installed, where emscripten's stub for a program linked without dynamic
// linking (no MAIN_MODULE) aborts it. The loaders of meiro's lazily opened
// libraries (src/core/lazy_lib.h: liblouis; libxlsxwriter is linked in,
// src/xlsx/xlsx_lib.c, and glib's functions are web/glib.c's) and modules
// then report the reason as they would natively.
mergeInto(LibraryManager.library, {
  _dlopen_js__deps: ['__dl_seterr'],
  _dlopen_js: function(handle) {
    // the first call is dynlink.c's own, for the program itself
    if (!__dlopen_js.program) {
      __dlopen_js.program = true;
      return handle;
    }
    // the reason dlerror() gives, copied by musl from the stack
    var sp = stackSave();
    ___dl_seterr(allocateUTF8OnStack('the WebAssembly build of meiro loads no shared library'));
    stackRestore(sp);
    return 0;
  },
});
