# Finds the exact ties of issue 17: birds whose true distance is exactly the
# midpoint L - ulp(L)/2 below a limit L (28, 90, 270). In units U = ulp(L)/2
# the midpoint is the odd integer Mo = L/U - 1, and a tie is X^2 + Y^2 = Mo^2
# with the deltas X*U, Y*U doubles: the odd leg below 2^53 (one leg is odd
# since Mo is). Every representation of Mo^2 as a sum of two squares comes
# from the Gaussian primes over Mo's primes that are 1 mod 4, so factoring Mo
# lists them all. generator/hard_cases.cpp holds the legs it prints and
# checks them with integers. Needs sympy (run with the python3 that has it).
from sympy import factorint
from itertools import product
from math import isqrt
def two_squares(p):
    # p = a^2+b^2 for prime p = 1 mod 4 (Cornacchia via sqrt(-1))
    from sympy.ntheory import sqrt_mod
    r = sqrt_mod(p-1, p)
    a, b = p, r
    lim = isqrt(p)
    while b > lim:
        a, b = b, a % b
    c = isqrt(p - b*b)
    assert b*b+c*c == p
    return b, c
def gmul(x, y): return (x[0]*y[0]-x[1]*y[1], x[0]*y[1]+x[1]*y[0])
for L,e in ((28,4),(90,6),(270,8)):
    Mo = L*2**(53-e) - 1
    f = factorint(Mo)
    ones = [p for p in f if p%4==1]
    real = 1
    for p in f:
        if p%4==3: real *= p**(2*f[p])
    gs = [two_squares(p) for p in ones]
    reps=set()
    for ks in product(range(3), repeat=len(gs)):
        z=(isqrt(real),0)
        for (a,b),k in zip(gs,ks):
            for _ in range(2-k): z=gmul(z,(a,b))
            for _ in range(k): z=gmul(z,(a,-b))
        X,Y=abs(z[0]),abs(z[1])
        assert X*X+Y*Y==Mo*Mo
        if X and Y: reps.add(tuple(sorted((X,Y))))
    print(L, Mo)
    for X,Y in sorted(reps):
        odd = X if X%2 else Y
        ok = odd < 2**53
        print("  ", X, Y, "odd leg", odd, "rep" if ok else "not representable", X/2**(53-e), Y/2**(53-e))
