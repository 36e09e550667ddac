# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
# Jaguar's build. `make help` lists the targets; the pieces live in make/*.gmk.
default: images

include make/Common.gmk
include make/Verbs.gmk
include make/Lib.gmk
include make/Tigris.gmk
include make/Hotspot.gmk
include make/Image.gmk
include make/Test.gmk
include make/HotspotTests.gmk
include make/Bench.gmk
include make/Dist.gmk
include make/Maven.gmk

help:
	@echo "Jaguar make targets:"
	@echo "  make images        build Jaguar's HotSpot and the Jaguar JDK in build/jdk (C1 and C2 expand code mappings)"
	@echo "  make hotspot       build only Jaguar's HotSpot (libjvm.so, hsdis) from build/openjdk"
	@echo "  make hotspot-diff  print Jaguar's HotSpot change set (patches and new files)"
	@echo "  make test          every default test: JUnit (jaguar-lib, verbs VM, tigris), jtreg (test/jtreg, tier1)"
	@echo "                     and HotSpot's own tests of the code Jaguar changes, on stock and Jaguar (test-hotspot-short)"
	@echo "  make test-verbs    the verbs tests in the Soft-RoCE VM (part of make test; doc/verbs.md)"
	@echo "  make test-long     the long suites: tier2 jtreg groups; Tigris's fault campaign; Jaguar's HotSpot tests on a fastdebug build with C2 stress"
	@echo "                     flags; HotSpot's own tests in full (test-hotspot) and their IR matching on fastdebug (test-hotspot-ir)"
	@echo "  make test-hotspot  HotSpot's own tests (test/hotspot/jtreg of the pinned source) on stock and Jaguar, compared;"
	@echo "                     HOTSPOT_TESTS=\"compiler/inlining ...\" picks others (doc/hotspot-tests.md)"
	@echo "  make test-fastdebug  Jaguar's HotSpot tests (jit/c2, DifferentialTest) on the fastdebug build (part of test-long)"
	@echo "  make test-faults   Tigris's fault campaign on network-namespace hosts (part of test-long; FAULTS_REPEAT, FAULTS_RECORDS)"
	@echo "  make test TEST=X   one jtreg test or group, e.g. TEST=test/jtreg/jit/StrictModeTest.java"
	@echo "  make bench         benchmarks; results tables go to bench/results/"
	@echo "  make license-headers  add the licence header (LICENSE) to source files that lack it (make test checks)"
	@echo "  make bundles       the JDK and its debug symbols as .tar.gz with .sha256 in build/bundles (doc/distribution.md)"
	@echo "  make deb           the Debian package in build/bundles; make test-deb installs it in a throwaway root (test-long)"
	@echo "  make maven-install  jar, sources, javadoc and POM of jaguar-lib and jaguar-tigris into ~/.m2 (MAVEN_REPO=dir);"
	@echo "                     make test-maven builds doc/examples/hello-jaguar against them, offline (part of make test)"
	@echo "  make docs          javadoc of jaguar.lib and jaguar.tigris (build/docs/api) and tigris(1)"
	@echo "  make reproducible-check  build one commit twice from nothing and list every difference (40 min or more)"
	@echo "  make clean         remove build outputs (keeps build/deps and build/config.mk)"
	@echo "  make dist-clean    remove all of build/ (rerun ./configure afterwards)"

clean:
	rm -rf $(BUILD)/classes $(BUILD)/lib $(BUILD)/jdk $(BUILD)/test $(BUILD)/bench $(BUILD)/maven

dist-clean:
	rm -rf $(BUILD)

.PHONY: default help clean dist-clean
