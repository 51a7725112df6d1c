// The badge (report.hpp, spec/grading.md REPORT-5): the verdict of a saved
// JSON report, its level and scope (badge_phrase, verdict.hpp), as a small
// SVG in the two-part style READMEs show, drawn from the report alone; the
// title gives the whole of both. Nothing in it is fetched: no font file, no
// link.
#include <string>

#include "report_html_parts.hpp"
#include "susurration/grader/report.hpp"

namespace susurration::grader {
namespace {

// The right half's colour says the level at a glance; the words say it too,
// for a reader who cannot tell the colours apart.
std::string level_colour(const std::string& level) {
  if (level == "exact") return "#2e7d32";
  if (level == "conformant") return "#558b2f";
  if (level == "incomplete") return "#ef6c00";
  if (level == "not conformant") return "#c62828";
  return "#616161";  // no verdict
}

// A width for text of 11 px in a sans-serif face. The text is then drawn
// to exactly that width (textLength), so the badge looks the same whichever
// font the viewer has.
int text_width(const std::string& text) {
  int characters = 0;
  for (unsigned char c : text) characters += (c & 0xc0) != 0x80;  // UTF-8 lead bytes
  return characters * 13 / 2 + 10;
}

std::string part(int x, int width, const std::string& fill, const std::string& text) {
  const int half = width / 2;
  return "<rect x=\"" + std::to_string(x) + "\" width=\"" + std::to_string(width) + "\" height=\"20\" fill=\"" +
         fill + "\"/><text x=\"" + std::to_string(x + half) + (width % 2 ? ".5" : "") +
         "\" y=\"14\" textLength=\"" + std::to_string(width - 10) + "\" lengthAdjust=\"spacingAndGlyphs\">" +
         html::escape(text) + "</text>";
}

}  // namespace

std::string badge_from_report(const Json& report) {
  try {
    const Verdict verdict = verdict_from_report(report);
    const std::string level = to_string(verdict.level);
    const std::string spec = report.at("vectors").at("spec_version").get<std::string>();
    const std::string manifest = report.at("vectors").at("manifest_sha256").get<std::string>();
    const Json& engine = report.at("engine");
    const std::string name = engine.at("name").is_string() ? engine.at("name").get<std::string>()
                                                            : engine.at("command").get<std::string>();
    const std::string left = "susurration " + spec;
    const std::string right = badge_phrase(verdict);
    const int lw = text_width(left), rw = text_width(right);
    const std::string title = name + ": " + level_phrase(verdict) + ", against spec " + spec + ", vectors " +
                              manifest + "; scope: " + scope_phrase(verdict.scope) + " (graded " +
                              report.at("date").get<std::string>() + " by " + verdict.kit + ")";
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(lw + rw) +
           "\" height=\"20\" role=\"img\" aria-label=\"" + html::escape(left + ": " + right) + "\"><title>" +
           html::escape(title) +
           "</title><g fill=\"#fff\" font-family=\"DejaVu Sans,Verdana,Geneva,sans-serif\" font-size=\"11\" "
           "text-anchor=\"middle\">" +
           part(0, lw, "#555", left) + part(lw, rw, level_colour(level), right) + "</g></svg>\n";
  } catch (const Json::exception& e) {
    throw ReportFormatError(std::string("not a grade report this kit wrote: ") + e.what());
  }
}

}  // namespace susurration::grader
