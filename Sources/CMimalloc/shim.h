// mimalloc (Debian: libmimalloc-dev). Linked into the tipsim executable on Linux, it serves
// malloc and free for the whole process in place of the C library's (see BENCHMARKS.md);
// tipsim calls only mi_version, to say which allocator a benchmark ran on.
#ifndef TIPSIM_CMIMALLOC_SHIM_H
#define TIPSIM_CMIMALLOC_SHIM_H

#if __has_include(<mimalloc.h>)
#include <mimalloc.h>
#else
#error "mimalloc is missing: run `bash .ci/setup`, or `sudo apt-get install -y libmimalloc-dev`"
#endif

#endif
