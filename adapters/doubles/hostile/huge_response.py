# hostile: answers init and step with tens of MiB of small numbers, past the response bound in bytes or in values; grade must stay small and quick (issue 11, defect 6: a 63 MiB line became a 2.4 GB parse tree)
# args: --only init-seed-0-*,step-neighbour-at-exactly-90-*,metrics-cluster-edge-* --timeout 20 --sandbox off
# (--sandbox off: the engine measures or limits its parent, which must be the kit itself)
# expect: init-seed-0-* fail more than 1048576 values
# expect: step-neighbour-at-exactly-90-* fail over the bound of 16777216 bytes
# expect: metrics-cluster-edge-* pass-exact .*
# within: 120
import _grader_limits
import _proxy

# grade holds the vectors and one engine's conversation: far below this,
# whatever an engine writes (grading.md "Bounds").
PEAK_BOUND = 256 << 20


def numbers(request_id, megabytes):
    body = b"0," * (megabytes << 19)
    return b'{"id": %d, "result": {"state": [%s0]}}' % (request_id, body)


def misbehave(request, forward):
    # 15 MiB fits the bytes a response may have but holds 7.8 million
    # values, past the values it may have; 40 MiB is past the bytes.
    if request["method"] == "init":
        return numbers(request["id"], 15)
    if request["method"] == "step":
        return numbers(request["id"], 40)
    if request["method"] == "metrics":
        peak = _grader_limits.grader_peak_resident_bytes()
        if peak > PEAK_BOUND:
            return {"id": request["id"], "error": {"code": "internal", "field": None,
                                                   "message": "grade's peak resident set was %d MB" % (peak >> 20)}}
    return forward(request)


_proxy.serve(misbehave)
