#!/usr/bin/env python3
# Copyright (c) 2026, the Jaguar authors.
# SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
"""Tigris's live view in a real headless browser (Debian's chromium and chromedriver, driven by
Selenium; the driver is given explicitly, so nothing is downloaded at run time).

Two `tigris node` processes on loopback run an endless river from `tigris run --view`: the page
must load, show every module thread with its node, show the sink's Waters and a reservoir's rate
growing between updates, and, once node b is killed, show the river failed with b's threads
unreachable. With --screenshot DIR it also sorts across the two nodes with `tigris sort --view`
and saves the view of TigrisSort to DIR/tigris-live-view.png (doc/tigris-operations.md shows it).

Usage: live_view_test.py IMAGE TEST_CLASSES WORK_DIR [--screenshot DIR]
"""
import os
import re
import signal
import socket
import subprocess
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    def __init__(self, image, work):
        self.image, self.work = image, work
        os.makedirs(work, exist_ok=True)
        self.ca, self.ids = os.path.join(work, "ca"), os.path.join(work, "ids")
        self.nodes = {}
        # The cluster's CA, and the agent's identity; each node gets its own as it starts.
        subprocess.run([self.tigris(), "keygen", self.ca], check=True, capture_output=True)
        self.cert("agent", "agent")
        self.key, self.pw = self.identity("agent")

    def cert(self, name, role):
        if os.path.exists(self.identity(name)[0]):
            return
        subprocess.run([self.tigris(), "cert", name, "--role", role, "--ca", self.ca, "--out", self.ids], check=True, capture_output=True)

    def identity(self, name):
        return os.path.join(self.ids, name + ".p12"), os.path.join(self.ids, name + ".password")

    def tigris(self):
        return os.path.join(self.image, "bin", "tigris")

    def start_node(self, name):
        port = free_port()
        self.cert(name, "node")
        key, pw = self.identity(name)
        log = open(os.path.join(self.work, "node-" + name + ".log"), "w")
        p = subprocess.Popen([self.tigris(), "node", "--name", name, "--port", str(port), "--key", key, "--password-file", pw],
                             stdout=log, stderr=subprocess.STDOUT)
        deadline = time.time() + 60
        while "listening" not in open(log.name).read():
            if p.poll() is not None or time.time() > deadline:
                raise AssertionError("node " + name + " did not start: " + open(log.name).read())
            time.sleep(0.1)
        self.nodes[name] = (p, port)
        return port

    def stop(self):
        for p, _ in self.nodes.values():
            if p.poll() is None:
                p.kill()
                p.wait()


def view_url(proc, log):
    deadline = time.time() + 60
    while time.time() < deadline:
        m = re.search(r"live view: (http://\S+)", open(log).read())
        if m:
            return m.group(1)
        if proc.poll() is not None:
            raise AssertionError("the command ended before serving its view: " + open(log).read())
        time.sleep(0.1)
    raise AssertionError("no live view line in " + open(log).read())


def browser():
    o = Options()
    o.binary_location = CHROMIUM
    for a in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1400,1000"):
        o.add_argument(a)
    return webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=o)


def wait(driver, seconds, what, predicate):
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.2).until(lambda d: predicate(d))
    except TimeoutException:
        raise AssertionError("the page did not show " + what + " within " + str(seconds) + " s; it shows:\n"
                             + driver.find_element(By.TAG_NAME, "body").text)


def texts(driver, css):
    """The rendered text of every element matching css, read in one script: the page rebuilds its tables on
    every update, so an element found first and read after may already be gone (a stale element)."""
    return driver.execute_script("return Array.from(document.querySelectorAll(arguments[0])).map(e => e.innerText.trim())", css)


def text(driver, css):
    found = texts(driver, css)
    return found[0] if found else None


def cell(driver, module, cls):
    return text(driver, 'tr[data-module="' + module + '"] td.' + cls)


def endless_river(cluster, driver):
    pa, pb = cluster.start_node("a"), cluster.start_node("b")
    jar = os.path.join(cluster.work, "modules.jar")
    subprocess.run([os.path.join(cluster.image, "bin", "jar"), "--create", "--file", jar, "-C", TEST_CLASSES, "tigris/test"], check=True)
    river = os.path.join(cluster.work, "watched.tgr")
    g = "tigris.test.GraphModules$"
    with open(river, "w") as f:
        f.write("\n".join([
            "river watched", "jar modules.jar", "node a 127.0.0.1:%d" % pa, "node b 127.0.0.1:%d" % pb,
            "module source " + g + "CountingSource on a out:out=tigris.test.Record count=1000000000",
            "module doubler " + g + "Doubler on a,b in:in=tigris.test.Record out:out=tigris.test.Record",
            "module sink " + g + "SlowSink on b in:in=tigris.test.Record pauseMillis=1",
            "connect source.out doubler.in", "connect doubler.out sink.in", ""]))
    log = os.path.join(cluster.work, "run.log")
    run = subprocess.Popen([cluster.tigris(), "run", river, "--key", cluster.key, "--password-file", cluster.pw, "--view", "0",
                            "--answer-timeout", "2", "--timeout", "300"], stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        url = view_url(run, log)
        driver.get(url)
        assert driver.title == "Tigris live view", driver.title
        wait(driver, 60, "the river running", lambda d: text(d, "#state") == "running" and cell(d, "sink", "waters-in") not in (None, "–"))
        assert text(driver, "#river") == "watched", text(driver, "#river")
        for m in ("source", "doubler#0", "doubler#1", "sink"):
            wait(driver, 10, "thread " + m, lambda d, m=m: cell(d, m, "state") == "RUNNING")
        nodes = {m: texts(driver, 'tr[data-module="' + m + '"] td')[1] for m in ("source", "doubler#0", "doubler#1", "sink")}
        assert nodes == {"source": "a", "doubler#0": "a", "doubler#1": "b", "sink": "b"}, nodes
        first = int(cell(driver, "sink", "waters-in"))
        wait(driver, 10, "the sink's Waters growing past " + str(first), lambda d: int(cell(d, "sink", "waters-in")) > first)
        rates = [float(t) for t in texts(driver, "#reservoirs td.rate") if re.fullmatch(r"[0-9.]+", t)]
        assert any(r > 0 for r in rates), "no reservoir shows a positive rate: " + str(rates)
        shares = [t for t in texts(driver, "#reservoirs tr td.share") if t.endswith("%")]
        assert len(shares) == 2, "the source's two outputs should show their shares: " + str(shares)
        assert driver.find_elements(By.CSS_SELECTOR, 'svg g[data-module="doubler"]'), "the graph has no doubler box"
        driver.save_screenshot(os.path.join(cluster.work, "live-view-running.png"))
        # Kill node b: the page shows the river failed, naming b, and b's threads unreachable.
        os.kill(cluster.nodes["b"][0].pid, signal.SIGKILL)
        wait(driver, 30, "the river failed", lambda d: text(d, "#state") == "failed")
        failure = text(driver, "#failure")
        assert "node b" in failure, failure
        wait(driver, 10, "sink unreachable", lambda d: (cell(d, "sink", "state") or "").startswith("UNREACHABLE"))
        assert (cell(driver, "doubler#1", "state") or "").startswith("UNREACHABLE"), cell(driver, "doubler#1", "state")
        assert not (cell(driver, "source", "state") or "").startswith("UNREACHABLE"), cell(driver, "source", "state")
        driver.save_screenshot(os.path.join(cluster.work, "live-view-failed.png"))
        assert run.wait(60) == 1, "tigris run should exit 1 after losing node b: " + open(log).read()
        print("live view: running river shown (threads on a and b, sink Waters %d -> more, rates %s, shares %s); "
              "node b killed: failed, b's threads unreachable" % (first, rates, shares))
    finally:
        if run.poll() is None:
            run.kill()
        cluster.stop()


def sort_screenshot(cluster, driver, out_dir):
    pa, pb = cluster.start_node("a"), cluster.start_node("b")
    for n in ("a", "b"):
        subprocess.run([cluster.tigris(), "gensort", "4000000", os.path.join(cluster.work, "in-" + n + ".dat")], check=True, capture_output=True)
    log = os.path.join(cluster.work, "sort.log")
    sort = subprocess.Popen([cluster.tigris(), "sort", "-p", "1", "-s", "1", "--node", "a=127.0.0.1:%d" % pa, "--node", "b=127.0.0.1:%d" % pb,
                             "--key", cluster.key, "--password-file", cluster.pw, "--view", "0",
                             os.path.join(cluster.work, "in-{node}.dat"), os.path.join(cluster.work, "out-{node}.dat")],
                            stdout=open(log, "w"), stderr=subprocess.STDOUT)
    try:
        driver.get(view_url(sort, log))
        wait(driver, 60, "the sort running with Waters moving",
             lambda d: text(d, "#state") == "running"
             and any(re.fullmatch(r"[0-9.]+", t) and float(t) > 0 for t in texts(d, "#reservoirs td.rate")))
        os.makedirs(out_dir, exist_ok=True)
        driver.save_screenshot(os.path.join(out_dir, "tigris-live-view.png"))
        assert sort.wait(300) == 0, open(log).read()
        print("TigrisSort's view saved to " + os.path.join(out_dir, "tigris-live-view.png"))
    finally:
        if sort.poll() is None:
            sort.kill()
        cluster.stop()


if __name__ == "__main__":
    if len(sys.argv) not in (4, 6) or (len(sys.argv) == 6 and sys.argv[4] != "--screenshot"):
        sys.exit(__doc__)
    IMAGE, TEST_CLASSES, WORK = sys.argv[1:4]
    for tool in (CHROMIUM, CHROMEDRIVER):
        if not os.access(tool, os.X_OK):
            sys.exit("live_view_test: " + tool + " is missing: install Debian's chromium and chromium-driver (make test-browser does)")
    os.makedirs(WORK, exist_ok=True)
    d = browser()
    try:
        endless_river(Cluster(IMAGE, os.path.join(WORK, "river")), d)
        if len(sys.argv) == 6:
            sort_screenshot(Cluster(IMAGE, os.path.join(WORK, "sort")), d, sys.argv[5])
    finally:
        d.quit()
