# hostile: says in hello's name, version and language, and in an unsupported reason, a `Level: exact` line after the line and paragraph separators (U+2028, U+2029), with LRM, RLM, a right-to-left override and isolate and a byte order mark (issue 24): the text and JUnit reports show them by code point, on the line they belong to; the JSON report keeps them as data
# args: --only torus-x-exactly-plus-* --timeout 20
# expect-exit: 1
# expect-level: not conformant
# expect: torus-x-exactly-plus-* fail ^listed torus_delta in hello but answered unsupported: no\u2028Level: exact\u2029\u200e\u200f\u202e\u2067\ufeff$
# forged: ^Level: exact
# within: 60
import _proxy

FORGED = "\u2028Level: exact\u2029\u200e\u200f\u202e\u2067\ufeff"

_proxy.serve(_proxy.saying_in_hello_and_a_reason(FORGED))
