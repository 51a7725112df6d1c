// The pieces the HTML report (report_html.cpp) is made of: escaping, numbers
// as people read them, and the SVG pictures (report_html_svg.cpp). The page
// is XHTML-compatible HTML: every element closed, no named entity but the
// XML ones, so an XML parser reads it as well as a browser does.
#pragma once

#include <string>

#include "susurration/grader/compare.hpp"

namespace susurration::grader::html {

// Text and attribute values: & < > " ' escaped.
std::string escape(const std::string& text);

// A JSON value as a person reads it: a number in its shortest round-trip
// form, a string as is, null as an em dash; escaped.
std::string value(const Json& v);

// A coordinate in an SVG drawing: one decimal, the same bytes everywhere.
std::string coordinate(double v);

// The charts of one trajectory case (the report's "chart" object): one per
// metric over ticks 0..ticks, the reference and the engine as lines, the
// tolerance band around the reference over the window, the window's end,
// the chaos horizon, the anchors and the first departure marked; then the
// relative difference per tick on a log scale against the tolerance.
std::string trajectory_charts(const Json& chart, const std::string& case_id);

// The torus (1000 x 600) with the reference's birds, those that differ
// marked, and where the engine put them (the report's "picture" object).
// The view zooms to the birds that differ, where the engine put them and
// their neighbours within 90, 20 units around and at least 60 x 60, and a
// note below says which rectangle it shows; it keeps the whole field when
// they span more than half of it on an axis, as a group across a seam does.
std::string torus_picture(const Json& picture);

}  // namespace susurration::grader::html
