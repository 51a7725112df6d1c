// SHA-256 of a byte string from OpenSSL's libcrypto (EVP_Digest), which
// every Debian machine has: the manifest hash pins a published set, so it
// comes from a library thousands of programs check every day, not from a
// transcription of FIPS 180-4 (issue 27). generator/tests/sha256_test.cpp
// holds it to FIPS 180-4's own examples.
#include "sha256.hpp"

#include <openssl/evp.h>

#include <array>
#include <stdexcept>

namespace susurration::digest {

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1 || length != 32) {
    throw std::runtime_error("SHA-256 (OpenSSL EVP_Digest) failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * length);
  for (unsigned int k = 0; k < length; ++k) {
    out.push_back(kHex[digest[k] >> 4]);
    out.push_back(kHex[digest[k] & 0xf]);
  }
  return out;
}

}  // namespace susurration::digest
