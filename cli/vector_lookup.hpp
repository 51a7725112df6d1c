// Where `grade` and `--version` find the published vectors when --vectors
// is not given.
//
// Lookup order (README.md, "Installing the kit"):
//   1. --vectors DIR, when given;
//   2. ../share/susurration/vectors beside the running binary
//      (/proc/self/exe), which is where `cmake --install` and the .deb put
//      them. The build tree has the same layout: configuring makes
//      build/<preset>/share/susurration/vectors a link to the source tree's
//      vectors/, so build/<preset>/cli/susurration finds them too.
// The binary holds no path of the source tree, so an installed kit works
// wherever it is installed and whatever the working directory.
#pragma once

#include <filesystem>
#include <string>

namespace susurration::cli {

// The folder rule 2 names (it may not exist), or empty when the binary
// cannot tell where it is.
std::filesystem::path vectors_beside_binary();
// ../share/susurration/adapters beside the running binary when it is there
// (the build tree links the source's; installing puts none): the kit's own
// adapters, whose browser bridge the sandbox knows (PROTO-16).
std::filesystem::path adapters_beside_binary();

// What `susurration --version` prints: the kit's version, the spec version
// and the manifest hash (VectorSet::manifest_sha256) of the vector set
// grade would use by default; and, when that is not the published set, the
// published set's hash, pinned in the kit (grader/verdict.hpp).
std::string version_text();

}  // namespace susurration::cli
