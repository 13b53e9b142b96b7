# cmake -DOUTPUT=file.cpp -DVERSION=x.y.z -DAGENTS="arch=path|arch=path" -P WriteAgentManifest.cmake
set(entries "")
string(REPLACE "|" ";" AGENTS "${AGENTS}")
foreach(item IN LISTS AGENTS)
  string(REPLACE "=" ";" parts "${item}")
  list(GET parts 0 arch)
  list(GET parts 1 path)
  file(SHA256 "${path}" sum)
  file(SIZE "${path}" size)
  string(APPEND entries "    {QStringLiteral(\"${arch}\"), QByteArrayLiteral(\"${sum}\"), ${size}},\n")
endforeach()
file(WRITE "${OUTPUT}.tmp" "// Generated at build time by cmake/WriteAgentManifest.cmake.
#include \"app/agent_bundle.h\"

namespace fleetdeck {

const QString kBundledAgentVersion = QStringLiteral(\"${VERSION}\");

const std::vector<BundledAgent>& bundledAgents() {
    static const std::vector<BundledAgent> agents = {
${entries}    };
    return agents;
}

}  // namespace fleetdeck
")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
