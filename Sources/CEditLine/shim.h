// The part of libedit the shell uses. el_set, el_get and history are C variadic functions,
// which Swift cannot call; these non-variadic inline wrappers can be.
#ifndef TIPSIM_CEDITLINE_SHIM_H
#define TIPSIM_CEDITLINE_SHIM_H

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

static inline int tipsim_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
  return el_set(el, EL_PROMPT, prompt);
}
static inline int tipsim_el_set_prompt_esc(EditLine *el, char *(*prompt)(EditLine *), char marker) {
  return el_set(el, EL_PROMPT_ESC, prompt, marker);
}
static inline int tipsim_el_set_editor(EditLine *el, const char *mode) {
  return el_set(el, EL_EDITOR, mode);
}
static inline int tipsim_el_set_signal(EditLine *el, int on) {
  return el_set(el, EL_SIGNAL, on);
}
static inline int tipsim_el_set_history(EditLine *el, History *h) {
  return el_set(el, EL_HIST, history, h);
}
static inline int tipsim_el_set_clientdata(EditLine *el, void *data) {
  return el_set(el, EL_CLIENTDATA, data);
}
static inline void *tipsim_el_get_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}
static inline int tipsim_el_add_function(EditLine *el, const char *name, const char *help,
                                         unsigned char (*fn)(EditLine *, int)) {
  return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int tipsim_el_bind(EditLine *el, const char *key, const char *fn) {
  return el_set(el, EL_BIND, key, fn, NULL);
}
/// libedit's read function, given wide characters. A typedef of our own: the macOS SDK's
/// histedit.h declares no el_rfunc_t, and its el_set(EL_GETCFN) reads narrow characters, so
/// the function is set through el_wset, which reads wide ones in both libedits.
typedef int (*tipsim_el_rfunc_t)(EditLine *, wchar_t *);
static inline int tipsim_el_set_getcfn(EditLine *el, tipsim_el_rfunc_t read) {
  return el_wset(el, EL_GETCFN, read);
}
/// After a stop and continue: the terminal back in the editor's mode, the line redrawn.
static inline void tipsim_el_resume(EditLine *el) {
  el_set(el, EL_PREP_TERM, 0);
  el_set(el, EL_PREP_TERM, 1);
  el_set(el, EL_REFRESH);
}
static inline int tipsim_el_source_default(EditLine *el) { return el_source(el, NULL); }

static inline int tipsim_history_set_size(History *h, int size) {
  HistEvent ev;
  return history(h, &ev, H_SETSIZE, size);
}
static inline int tipsim_history_set_unique(History *h, int unique) {
  HistEvent ev;
  return history(h, &ev, H_SETUNIQUE, unique);
}
static inline int tipsim_history_enter(History *h, const char *line) {
  HistEvent ev;
  return history(h, &ev, H_ENTER, line);
}
static inline int tipsim_history_load(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_LOAD, path);
}
static inline int tipsim_history_save(History *h, const char *path) {
  HistEvent ev;
  return history(h, &ev, H_SAVE, path);
}
static inline int tipsim_history_clear(History *h) {
  HistEvent ev;
  return history(h, &ev, H_CLEAR);
}

#endif
