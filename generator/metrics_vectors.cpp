// metrics.json (being written).
#include "files.hpp"

namespace susurration::generator {

VectorFile metrics_vectors() { return VectorFile{"metrics", {"(being written)"}, {}, {}}; }

}  // namespace susurration::generator
