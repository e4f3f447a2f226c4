# TipSim for Linux CI: both executables, built with the Swift runtime linked statically, in a
# small image. docker build -t tipsim . && docker run --rm -v "$PWD:/work" -w /work tipsim audit Sources/MyApp
FROM swift:6.3-noble AS build
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev libmimalloc-dev >/dev/null
WORKDIR /src
COPY . .
RUN swift build -c release --static-swift-stdlib --product tipsim \
 && swift build -c release --static-swift-stdlib --product tipsim-import \
 && install -d /out && install -m 755 "$(swift build -c release --show-bin-path)/tipsim" "$(swift build -c release --show-bin-path)/tipsim-import" /out/

FROM ubuntu:24.04
# libedit and mimalloc are the only libraries beyond the C library that tipsim links.
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit2 libmimalloc2.0 >/dev/null && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/ /usr/local/bin/
ENTRYPOINT ["tipsim"]
