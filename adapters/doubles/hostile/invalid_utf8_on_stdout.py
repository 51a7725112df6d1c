# hostile: answers with bytes that are not UTF-8, and with a long line whose quote would cut a character in two (issue 11, defect 5)
# args: --only torus-x-*,torus-y-* --timeout 10
# expect: torus-x-* fail not JSON
# expect: torus-y-* fail not JSON
# within: 90
import _proxy


def misbehave(request, forward):
    if request["method"] == "torus_delta":
        # Broken sequences of every kind inside an otherwise valid response.
        return b'{"id": %d, "unsupported": "stray \x80, cut \xc3, overlong \xc0\xaf, surrogate \xed\xa0\x80, past \xf4\x90\x80\x80"}' % request["id"]
    if request["method"] == "torus_distance":
        # Not JSON; 299 bytes of ASCII then three-byte characters, so a
        # 300-byte quote lands inside one.
        return ("x" * 299 + "\u20ac" * 50).encode()
    return forward(request)


_proxy.serve(misbehave)
