// The C headers HostOS reads that Swift's Glibc module leaves out: wchar.h (mbrtowc,
// mbstate_t), for decoding keys as libedit does. Darwin's module has it; including it here
// too keeps one spelling for both.
#ifndef TIPSIM_CHOSTOS_SHIM_H
#define TIPSIM_CHOSTOS_SHIM_H

#include <limits.h>
#include <wchar.h>

#endif
