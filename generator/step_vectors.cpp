// step.json (being written).
#include "files.hpp"

namespace susurration::generator {

VectorFile step_vectors() { return VectorFile{"step", {"(being written)"}, {}, {}}; }

}  // namespace susurration::generator
