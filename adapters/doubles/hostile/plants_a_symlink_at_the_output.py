# hostile: at hello, puts a symlink to a file of its own at grade's --output and at its JUnit --also-report, as an engine that found them in the kit's command line would (issue 24): grade writes each report to a fresh name beside the path, says where in one line, never follows the link, and exits 4
# args: --only torus-x-exactly-plus-* --timeout 20
# expect-exit: 4
# moved: json junit
# sandbox: off
# within: 60
import os

import _kit_paths
import _proxy


def misbehave(request, forward):
    if request["method"] == "hello":
        paths = _kit_paths.report_paths()
        for key in ("output", "junit"):
            if os.path.islink(paths[key]):
                continue  # a restarted engine: planted already
            victim = paths[key] + ".victim"
            with open(victim, "w") as f:
                f.write("the engine's own file\n")
            os.symlink(os.path.abspath(victim), paths[key])
    return forward(request)


_proxy.serve(misbehave)
