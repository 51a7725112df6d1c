// invalid.json (being written).
#include "files.hpp"

namespace susurration::generator {

VectorFile invalid_vectors() { return VectorFile{"invalid", {"(being written)"}, {}, {}}; }

}  // namespace susurration::generator
