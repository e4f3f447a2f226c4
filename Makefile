# make install [PREFIX=/usr/local]: a release build of tipsim and tipsim-import, installed
# side by side in PREFIX/bin (tipsim runs tipsim-import from its own folder).
# make uninstall [PREFIX=…] removes both. BUILD_DIR=… installs an existing build instead
# (the test suite uses its debug build).
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
SWIFT ?= swift
BUILD_DIR ?=

.PHONY: all build install uninstall

all: build

build:
ifeq ($(BUILD_DIR),)
	bash .ci/setup
	$(SWIFT) build -c release --product tipsim
	$(SWIFT) build -c release --product tipsim-import
endif

install: build
	$(eval FROM := $(if $(BUILD_DIR),$(BUILD_DIR),$(shell $(SWIFT) build -c release --show-bin-path)))
	install -d "$(BINDIR)"
	install -m 755 "$(FROM)/tipsim" "$(BINDIR)/tipsim"
	install -m 755 "$(FROM)/tipsim-import" "$(BINDIR)/tipsim-import"

uninstall:
	rm -f "$(BINDIR)/tipsim" "$(BINDIR)/tipsim-import"
