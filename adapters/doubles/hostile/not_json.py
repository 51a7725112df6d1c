# hostile: answers every init with a line that is not JSON (the simplest broken engine)
# args: --only init-seed-0-* --timeout 5
# expect: init-* fail not JSON
# within: 60
import _proxy


def misbehave(request, forward):
    if request["method"] == "init":
        return "this is not JSON"
    return forward(request)


_proxy.serve(misbehave)
