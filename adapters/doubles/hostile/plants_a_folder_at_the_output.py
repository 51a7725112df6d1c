# hostile: at hello, makes a folder at grade's --output and at its --transcript, as an engine that found them in the kit's command line would (issue 24): grade writes the report and the transcript each to a fresh name beside the path, says where in one line, and exits 4
# args: --only torus-x-exactly-plus-* --timeout 20 --transcript transcript.txt
# expect-exit: 4
# moved: json transcript
# sandbox: off
# within: 60
import os

import _kit_paths
import _proxy


def misbehave(request, forward):
    if request["method"] == "hello":
        paths = _kit_paths.report_paths()
        for key in ("output", "transcript"):
            if not os.path.isdir(paths[key]):  # else a restarted engine: planted already
                os.mkdir(paths[key])
    return forward(request)


_proxy.serve(misbehave)
