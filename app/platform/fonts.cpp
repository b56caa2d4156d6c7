#include "platform/fonts.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <filesystem>
#include <system_error>

#include "platform/assets.h"

namespace hitbox::app {
namespace {

constexpr float kBasePx = 13.0f;  // ImGui's built-in font size
constexpr const char* kFontName = "DejaVuSansMono.ttf";
constexpr const char* kDebianFont = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";

ImGuiStyle& base_style() {
  static ImGuiStyle style;
  return style;
}

}  // namespace

std::string ui_font_file() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path root = assets_dir();
  if (!root.empty() && fs::is_regular_file(root / "fonts" / kFontName, ec))
    return (root / "fonts" / kFontName).string();
  if (fs::is_regular_file(kDebianFont, ec)) return kDebianFont;
  return "";
}

void UiFont::apply(float scale) {
  if (scale == scale_) return;
  scale_ = scale;
  ImGuiIO& io = ImGui::GetIO();
  if (!have_base_style_) {
    base_style() = ImGui::GetStyle();
    have_base_style_ = true;
  }
  io.Fonts->Clear();
  file_.clear();
  io.FontGlobalScale = 1.0f;
  if (scale != 1.0f) file_ = ui_font_file();
  if (!file_.empty() && io.Fonts->AddFontFromFileTTF(file_.c_str(), kBasePx * scale) != nullptr) {
    // The TrueType font at the new size.
  } else {
    file_.clear();
    io.Fonts->AddFontDefault();
    io.FontGlobalScale = scale;  // no TrueType file: the bitmap font, scaled
  }
  ImGuiStyle& style = ImGui::GetStyle();
  style = base_style();
  style.ScaleAllSizes(scale);
  // The backend makes its texture of the new atlas (it would on its first frame anyway).
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace hitbox::app
