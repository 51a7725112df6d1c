// trajectories.json (being written).
#include "files.hpp"

namespace susurration::generator {

VectorFile trajectory_vectors() { return VectorFile{"trajectories", {"(being written)"}, {}, {}}; }

}  // namespace susurration::generator
