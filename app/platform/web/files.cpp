// Files in the browser (web.h): File > Open uploads into the in-memory file system, Save,
// Export PNG and Export SVG write there and hand the file to the user as a download.
#include <emscripten.h>

#include <filesystem>
#include <string>

#include "platform/web/web.h"

namespace {

std::string g_upload;  // the last uploaded file's path, until take_upload()

// The JavaScript below is kept as written.
// clang-format off
// A hidden <input type=file>; the chosen file goes to /uploads/scenes/NAME, with
// /uploads/sprites and /sprites linked to the bundled sprites so a scene's relative sprite
// paths ("../sprites/ring.png", a lesson's "../../sprites/ring.png") still resolve.
EM_JS(void, hitbox_pick_file, (const char* assets), {
  const root = UTF8ToString(assets);
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.onchange = async () => {
    const file = input.files[0];
    if (!file) return;
    const data = new Uint8Array(await file.arrayBuffer());
    for (const dir of ["/uploads", "/uploads/scenes"]) {
      if (!FS.analyzePath(dir).exists) FS.mkdir(dir);
    }
    for (const link of ["/uploads/sprites", "/sprites"]) {
      if (!FS.analyzePath(link).exists) FS.symlink(root + "/sprites", link);
    }
    const path = "/uploads/scenes/" + file.name.split("/").join("_");
    FS.writeFile(path, data);
    console.log("hitbox: uploaded " + path + " (" + data.length + " bytes)");
    ccall("hitbox_web_uploaded", null, ["string"], [path]);
  };
  input.click();
});

EM_JS(void, hitbox_download, (const char* path, const char* name), {
  const file = UTF8ToString(path);
  const data = FS.readFile(file);
  const type = file.endsWith(".png") ? "image/png"
             : file.endsWith(".svg") ? "image/svg+xml" : "application/json";
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data], { type: type }));
  link.download = UTF8ToString(name);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  console.log("hitbox: download " + link.download + " (" + data.length + " bytes)");
});
// clang-format on

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void hitbox_web_uploaded(const char* path) {
  g_upload = path;
}

namespace hitbox::app::web {

void pick_scene_file() {
  hitbox_pick_file(kAssetsDir);
}

std::string take_upload() {
  std::string path;
  path.swap(g_upload);
  return path;
}

void download(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  hitbox_download(path.c_str(), name.empty() ? "hitbox-file" : name.c_str());
}

}  // namespace hitbox::app::web
