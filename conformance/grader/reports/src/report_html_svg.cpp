// The HTML report's pictures, as inline SVG: nothing to load, readable with
// scripts off. Coordinates are printed with one decimal, so the same report
// draws the same bytes on every machine.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>
#include <vector>

#include "report_html_parts.hpp"
#include "susurration/constants.hpp"

namespace susurration::grader::html {
namespace {

using Column = std::vector<std::optional<double>>;

Column column_of(const Json& columns, const std::string& metric) {
  Column out;
  if (!columns.is_object() || !columns.contains(metric) || !columns.at(metric).is_array()) return out;
  for (const Json& v : columns.at(metric)) {
    out.push_back(v.is_number() ? std::optional<double>(v.get<double>()) : std::nullopt);
  }
  return out;
}

// A drawing area: ticks across, values up; `log` draws log10 of the value.
struct Frame {
  double ticks = 1, low = 0, high = 1;
  bool log = false;
  static constexpr double width = 640, height = 170, left = 70, right = 14, top = 12, bottom = 26;
  double x(double tick) const { return left + (width - left - right) * tick / std::max(1.0, ticks); }
  double y(double v) const {
    const double at = log ? std::log10(v) : v;
    const double f = (at - low) / (high - low);
    return top + (height - top - bottom) * (1 - std::clamp(f, -0.05, 1.05));
  }
  double bottom_y() const { return height - bottom; }
};

std::string point(const Frame& f, double tick, double v) { return coordinate(f.x(tick)) + "," + coordinate(f.y(v)); }

// One line through a column, broken where a value is null (a mean of no
// pairs) or, on a log scale, not positive.
std::string line_path(const Frame& f, const Column& c, const char* css) {
  std::string d;
  bool pen_down = false;
  for (std::size_t t = 0; t < c.size(); ++t) {
    if (!c[t] || (f.log && !(*c[t] > 0))) {
      pen_down = false;
      continue;
    }
    d += (pen_down ? " L" : (d.empty() ? "M" : " M")) + point(f, static_cast<double>(t), *c[t]);
    pen_down = true;
  }
  if (d.empty()) return "";
  return "<path class=\"" + std::string(css) + "\" d=\"" + d + "\"/>";
}

// The tolerance band around the reference over ticks 0..window: each run of
// non-null values one polygon, its upper edge out and its lower edge back.
std::string band(const Frame& f, const Column& reference, int window, double relative) {
  std::string out;
  const std::size_t end = std::min(reference.size(), static_cast<std::size_t>(window) + 1);
  for (std::size_t t = 0; t < end;) {
    if (!reference[t]) {
      ++t;
      continue;
    }
    std::size_t u = t;
    while (u < end && reference[u]) ++u;
    std::string upper, lower;
    for (std::size_t k = t; k < u; ++k) {
      const double r = *reference[k];
      upper += point(f, static_cast<double>(k), r + std::abs(r) * relative) + " ";
      lower = point(f, static_cast<double>(k), r - std::abs(r) * relative) + " " + lower;
    }
    out += "<polygon class=\"band\" points=\"" + upper + lower.substr(0, lower.size() - 1) + "\"/>";
    t = u;
  }
  return out;
}

// A line across the plot at a tick; its label on row `row` from the top, so
// the labels of marks close together (the window's end and the chaos
// horizon) do not overwrite each other.
std::string vertical(const Frame& f, double tick, const char* css, const std::string& label, int row = 0) {
  std::string out = "<line class=\"" + std::string(css) + "\" x1=\"" + coordinate(f.x(tick)) + "\" y1=\"" +
                    coordinate(Frame::top) + "\" x2=\"" + coordinate(f.x(tick)) + "\" y2=\"" +
                    coordinate(f.bottom_y()) + "\"/>";
  if (!label.empty()) {
    out += "<text class=\"" + std::string(css) + "-label\" x=\"" + coordinate(f.x(tick) + 3) + "\" y=\"" +
           coordinate(Frame::top + 10 + 12.0 * row) + "\">" + escape(label) + "</text>";
  }
  return out;
}

std::string text_at(double x, double y, const std::string& text, const char* anchor = "end") {
  return "<text x=\"" + coordinate(x) + "\" y=\"" + coordinate(y) + "\" text-anchor=\"" + anchor + "\">" +
         escape(text) + "</text>";
}

std::string short_number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

// Axes with the ticks every 50 and the value range at either end.
std::string axes(const Frame& f, const std::string& low_label, const std::string& high_label) {
  std::string out = "<rect class=\"plot\" x=\"" + coordinate(Frame::left) + "\" y=\"" + coordinate(Frame::top) +
                    "\" width=\"" + coordinate(Frame::width - Frame::left - Frame::right) + "\" height=\"" +
                    coordinate(f.bottom_y() - Frame::top) + "\"/>";
  for (int t = 0; t <= static_cast<int>(f.ticks); t += 50) {
    out += text_at(f.x(t), Frame::height - 8, std::to_string(t), "middle");
  }
  out += text_at(Frame::left - 4, Frame::top + 8, high_label);
  out += text_at(Frame::left - 4, f.bottom_y(), low_label);
  return out;
}

std::string svg_open(const std::string& css, const std::string& title) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"" + css + "\" role=\"img\" viewBox=\"0 0 " +
         coordinate(Frame::width) + " " + coordinate(Frame::height) + "\" width=\"" + coordinate(Frame::width) +
         "\" height=\"" + coordinate(Frame::height) + "\"><title>" + escape(title) + "</title>";
}

struct Marks {
  int ticks, window;
  std::optional<int> horizon, departure;
  std::string departure_field;
  std::vector<int> anchors;
};

std::string marks(const Frame& f, const Marks& m) {
  std::string out;
  if (m.window < m.ticks) {
    out += "<rect class=\"past-window\" x=\"" + coordinate(f.x(m.window)) + "\" y=\"" + coordinate(Frame::top) +
           "\" width=\"" + coordinate(f.x(m.ticks) - f.x(m.window)) + "\" height=\"" +
           coordinate(f.bottom_y() - Frame::top) + "\"/>";
    out += vertical(f, m.window, "window", "window " + std::to_string(m.window));
  }
  for (int a : m.anchors) out += vertical(f, a, "anchor", "");
  if (m.horizon) out += vertical(f, *m.horizon, "horizon", "chaos horizon " + std::to_string(*m.horizon), 1);
  return out;
}

std::string metric_chart(const std::string& metric, const Column& reference, const Column& engine, double relative,
                         const Marks& m, const std::string& case_id) {
  Frame f;
  f.ticks = m.ticks;
  double low = INFINITY, high = -INFINITY;
  for (const Column* c : {&reference, &engine}) {
    for (const auto& v : *c) {
      if (v && std::isfinite(*v)) {
        low = std::min(low, *v);
        high = std::max(high, *v);
      }
    }
  }
  if (!(low <= high)) low = 0, high = 1;
  const double pad = high > low ? (high - low) * 0.05 : std::max(1.0, std::abs(high) * 0.05);
  f.low = low - pad;
  f.high = high + pad;
  std::string out = svg_open("chart metric", case_id + ": " + metric + " per tick, reference and engine");
  out += axes(f, short_number(f.low), short_number(f.high));
  out += marks(f, m);
  // cluster_count is compared for equality (TOL-3): no band to draw.
  if (metric != "cluster_count") out += band(f, reference, m.window, relative);
  out += line_path(f, reference, "reference");
  out += line_path(f, engine, "engine");
  if (m.departure) {
    out += vertical(f, *m.departure, "departure", "first departure " + std::to_string(*m.departure), 2);
    const auto at = static_cast<std::size_t>(*m.departure);
    if (m.departure_field == metric && at < engine.size() && engine[at]) {
      out += "<circle class=\"departure\" cx=\"" + coordinate(f.x(*m.departure)) + "\" cy=\"" +
             coordinate(f.y(*engine[at])) + "\" r=\"5\"/>";
    }
  }
  out += "<text class=\"metric-name\" x=\"" + coordinate(Frame::left + 4) + "\" y=\"" + coordinate(f.bottom_y() - 5) +
         "\">" + escape(metric) + "</text>";
  return out + "</svg>";
}

// TOL-1's |a - b| / max(|a|, |b|) per tick, 0 for equal values, null where
// either side has no value.
Column relative_difference(const Column& a, const Column& b) {
  Column out;
  for (std::size_t t = 0; t < std::min(a.size(), b.size()); ++t) {
    if (!a[t] || !b[t]) {
      out.push_back(std::nullopt);
      continue;
    }
    const double scale = std::max(std::abs(*a[t]), std::abs(*b[t]));
    out.push_back(scale == 0 ? 0.0 : std::abs(*a[t] - *b[t]) / scale);
  }
  return out;
}

constexpr double kLogFloor = 1e-17;  // below one ulp of any metric: where "equal" is drawn

std::string difference_chart(const std::vector<std::pair<std::string, Column>>& differences, double relative,
                             const Marks& m, const std::string& case_id) {
  Frame f;
  f.ticks = m.ticks;
  f.log = true;
  double high = 1;
  for (const auto& [metric, c] : differences) {
    for (const auto& v : c) {
      if (v && std::isfinite(*v)) high = std::max(high, *v);
    }
  }
  f.low = std::log10(kLogFloor);
  f.high = std::ceil(std::log10(high));
  std::string out = svg_open("chart difference", case_id + ": relative difference per tick, log scale, against " +
                                                     short_number(relative));
  out += axes(f, "equal", "1e" + std::to_string(static_cast<int>(f.high)));
  for (int decade = -15; decade < f.high; decade += 3) {
    out += text_at(Frame::left - 4, f.y(std::pow(10.0, decade)) + 4, "1e" + std::to_string(decade));
  }
  out += marks(f, m);
  const double y = f.y(relative);
  out += "<line class=\"tolerance\" x1=\"" + coordinate(f.x(0)) + "\" y1=\"" + coordinate(y) + "\" x2=\"" +
         coordinate(f.x(m.window)) + "\" y2=\"" + coordinate(y) + "\"/>";
  out += text_at(f.x(m.window) - 4, y - 4, "tolerance " + short_number(relative));
  int k = 0;
  for (const auto& [metric, c] : differences) {
    Column floored;
    for (const auto& v : c) floored.push_back(v ? std::optional<double>(std::max(*v, kLogFloor)) : std::nullopt);
    const std::string css = "difference d" + std::to_string(k);
    out += line_path(f, floored, css.c_str());
    ++k;
  }
  if (m.departure) out += vertical(f, *m.departure, "departure", "");
  return out + "</svg>";
}

// The part of the field a torus picture shows.
struct TorusView {
  double x = 0, y = 0, w = 0, h = 0;
  bool zoomed = false;
};

constexpr double kZoomMargin = 20;       // field units around what the view must hold
constexpr double kSmallestZoom = 60;     // so that a single bird is still seen among its surroundings

// One axis of a zoomed view: [low, high] with the margin, widened to the
// smallest zoom about its middle, then moved (not cut) to lie in the field.
std::pair<double, double> zoom_axis(double low, double high, double size) {
  low -= kZoomMargin;
  high += kZoomMargin;
  if (high - low < kSmallestZoom) {
    const double middle = (low + high) / 2;
    low = middle - kSmallestZoom / 2;
    high = middle + kSmallestZoom / 2;
  }
  if (low < 0) high -= low, low = 0;
  if (high > size) low -= high - size, high = size;
  return {std::max(low, 0.0), high};
}

bool is_position(const Json& p) { return p.is_array() && p.size() >= 2 && p.at(0).is_number() && p.at(1).is_number(); }

// The view of a failing state: the birds that differ, where the engine put
// them, and the reference's birds within the perception radius of them
// (the neighbours their step read, STEP-2). The whole field when there is
// nothing to zoom to, or when what the view must hold spans more than half
// the field on an axis: so does a group across a seam, which lies at both
// ends of it.
TorusView torus_view(const Json& picture) {
  const double width = picture.at("width").get<double>(), height = picture.at("height").get<double>();
  const TorusView whole{0, 0, width, height, false};
  const Json& reference = picture.at("reference");
  const Json& engine = picture.at("engine");
  std::vector<std::pair<double, double>> differing, held;
  for (const Json& b : picture.at("differing_birds")) {
    const auto i = b.get<std::size_t>();
    if (i >= reference.size() || !is_position(reference.at(i))) continue;
    differing.emplace_back(reference.at(i).at(0).get<double>(), reference.at(i).at(1).get<double>());
    if (i < engine.size() && is_position(engine.at(i))) {
      held.emplace_back(engine.at(i).at(0).get<double>(), engine.at(i).at(1).get<double>());
    }
  }
  if (differing.empty()) return whole;
  // FIELD-3's shortest way round, on each axis.
  const auto apart = [](double a, double b, double size) {
    const double d = std::abs(a - b);
    return std::min(d, size - d);
  };
  for (const Json& p : reference) {
    if (!is_position(p)) continue;
    const double x = p.at(0).get<double>(), y = p.at(1).get<double>();
    for (const auto& [dx, dy] : differing) {
      if (std::hypot(apart(x, dx, width), apart(y, dy, height)) < kPerceptionRadius) {
        held.emplace_back(x, y);
        break;
      }
    }
  }
  double low_x = INFINITY, high_x = -INFINITY, low_y = INFINITY, high_y = -INFINITY;
  for (const auto& [x, y] : held) {
    low_x = std::min(low_x, x), high_x = std::max(high_x, x);
    low_y = std::min(low_y, y), high_y = std::max(high_y, y);
  }
  if (!(high_x - low_x <= width / 2 && high_y - low_y <= height / 2)) return whole;
  const auto [x0, x1] = zoom_axis(low_x, high_x, width);
  const auto [y0, y1] = zoom_axis(low_y, high_y, height);
  return {x0, y0, x1 - x0, y1 - y0, true};
}

}  // namespace

std::string trajectory_charts(const Json& chart, const std::string& case_id) {
  Marks m;
  m.ticks = chart.at("ticks").get<int>();
  m.window = chart.at("window").get<int>();
  if (chart.at("chaos_horizon").is_number()) m.horizon = chart.at("chaos_horizon").get<int>();
  if (chart.at("departure").is_object()) {
    m.departure = chart.at("departure").at("tick").get<int>();
    m.departure_field = chart.at("departure").at("field").get<std::string>();
  }
  for (const Json& a : chart.at("anchors")) m.anchors.push_back(a.get<int>());
  const double relative = chart.at("relative").get<double>();
  std::string out = "<div class=\"charts\">";
  std::vector<std::pair<std::string, Column>> differences;
  for (const char* metric : {"polarization", "cluster_count", "mean_neighbor_distance"}) {
    const Column reference = column_of(chart.at("reference"), metric);
    const Column engine = column_of(chart.at("engine"), metric);
    out += metric_chart(metric, reference, engine, relative, m, case_id);
    if (!engine.empty()) differences.emplace_back(metric, relative_difference(reference, engine));
  }
  if (!differences.empty()) {
    out += difference_chart(differences, relative, m, case_id);
    out += "<p class=\"legend\">relative difference per tick: ";
    for (std::size_t k = 0; k < differences.size(); ++k) {
      out += "<span class=\"key d" + std::to_string(k) + "\">" + escape(differences[k].first) + "</span> ";
    }
    out += "<span class=\"key tolerance\">tolerance</span></p>";
  }
  out += "<p class=\"legend\"><span class=\"key reference\">reference</span> <span class=\"key engine\">engine</span> "
         "<span class=\"key band\">tolerance band</span> <span class=\"key departure\">first departure</span> "
         "<span class=\"key horizon\">chaos horizon</span> <span class=\"key anchor\">anchor ticks</span> "
         "<span class=\"key window\">past the window: indicative</span></p>";
  if (chart.at("engine").is_null()) out += "<p>The engine returned no metric columns for this case.</p>";
  return out + "</div>";
}

std::string torus_picture(const Json& picture) {
  const double width = picture.at("width").get<double>(), height = picture.at("height").get<double>();
  const TorusView view = torus_view(picture);
  // Drawn at most 500 x 300 pixels, the view's own shape; the marks keep
  // the size on screen they have in the whole field's picture (scale 1/2).
  const double scale = std::min(500 / view.w, 300 / view.h);
  const double unit = 0.5 / scale;
  const auto radius = [unit](double r) { return coordinate(r * unit); };
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"torus\" role=\"img\" viewBox=\"" +
                    coordinate(view.x) + " " + coordinate(view.y) + " " + coordinate(view.w) + " " +
                    coordinate(view.h) + "\" width=\"" + coordinate(view.w * scale) + "\" height=\"" +
                    coordinate(view.h * scale) + "\">" +
                    "<title>the torus with the reference's birds; those that differ ringed, the engine's " +
                    "position of each joined to it</title><rect class=\"field\" x=\"0\" y=\"0\" width=\"" +
                    coordinate(width) + "\" height=\"" + coordinate(height) + "\"/>";
  const Json& reference = picture.at("reference");
  const Json& engine = picture.at("engine");
  for (const Json& p : reference) {
    out += "<circle class=\"bird\" cx=\"" + coordinate(p.at(0).get<double>()) + "\" cy=\"" +
           coordinate(p.at(1).get<double>()) + "\" r=\"" + radius(4) + "\"/>";
  }
  for (const Json& b : picture.at("differing_birds")) {
    const auto i = b.get<std::size_t>();
    if (i >= reference.size()) continue;
    const double x = reference.at(i).at(0).get<double>(), y = reference.at(i).at(1).get<double>();
    out += "<circle class=\"differs\" cx=\"" + coordinate(x) + "\" cy=\"" + coordinate(y) + "\" r=\"" + radius(10) +
           "\"/>";
    if (i < engine.size() && engine.at(i).is_array()) {
      const double ex = engine.at(i).at(0).get<double>(), ey = engine.at(i).at(1).get<double>();
      // Across an edge the shorter way is round the torus: no line then.
      if (std::abs(ex - x) < width / 2 && std::abs(ey - y) < height / 2) {
        out += "<line class=\"moved\" x1=\"" + coordinate(x) + "\" y1=\"" + coordinate(y) + "\" x2=\"" +
               coordinate(ex) + "\" y2=\"" + coordinate(ey) + "\"/>";
      }
      out += "<circle class=\"engine-bird\" cx=\"" + coordinate(ex) + "\" cy=\"" + coordinate(ey) + "\" r=\"" +
             radius(4) + "\"/>";
    }
  }
  out += "</svg>";
  if (!view.zoomed) return out;
  // Where the view lies, on a small picture of the whole field, and in words.
  return out + "<p class=\"zoom\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"torus-overview\" role=\"img\" " +
         "viewBox=\"0 0 " + coordinate(width) + " " + coordinate(height) + "\" width=\"100\" height=\"" +
         coordinate(100 * height / width) + "\"><title>where the picture above lies on the field</title>" +
         "<rect class=\"field\" x=\"0\" y=\"0\" width=\"" + coordinate(width) + "\" height=\"" + coordinate(height) +
         "\"/><rect class=\"zoom-rect\" x=\"" + coordinate(view.x) + "\" y=\"" + coordinate(view.y) + "\" width=\"" +
         coordinate(view.w) + "\" height=\"" + coordinate(view.h) + "\"/></svg>Zoomed to x " + coordinate(view.x) +
         ".." + coordinate(view.x + view.w) + ", y " + coordinate(view.y) + ".." + coordinate(view.y + view.h) +
         " of the " + value(picture.at("width")) + " x " + value(picture.at("height")) +
         " field: the birds that differ, where the engine put them, and their neighbours within " +
         short_number(kPerceptionRadius) + ".</p>";
}

}  // namespace susurration::grader::html
