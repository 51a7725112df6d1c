// init.json (being written).
#include "files.hpp"

namespace susurration::generator {

VectorFile init_vectors() { return VectorFile{"init", {"(being written)"}, {}, {}}; }

}  // namespace susurration::generator
