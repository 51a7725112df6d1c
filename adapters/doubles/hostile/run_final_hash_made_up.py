# hostile: runs right, but gives a final_state_hash that is not the hash of the final state it returns; a non-exact engine could once report any hash at all (issue 23)
# args: --only trajectory-n10-w1-1-1-seed-1,trajectory-n10-w1-1-1-seed-42 --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: trajectory-* fail ^final_state_hash: tick 250, final_state_hash: expected "[0-9a-f]{16}", got "0123456789abcdef"; expected is the DET-3 hash of the state the run itself returned
# within: 120
import _proxy


def misbehave(request, forward):
    response = forward(request)
    if request["method"] == "run" and "result" in response:
        response["result"]["final_state_hash"] = "0123456789abcdef"
    return response


_proxy.serve(misbehave)
