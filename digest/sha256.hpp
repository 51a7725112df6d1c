// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: the
// manifest pins each vector file by it.
#pragma once

#include <string>
#include <string_view>

namespace susurration::digest {

std::string sha256_hex(std::string_view bytes);

}  // namespace susurration::digest
