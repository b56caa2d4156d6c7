// What the browser build (Emscripten, WebGL 2) does differently from the desktop: the browser
// owns the frame loop, flags come from the page's URL, and files are uploaded and downloaded
// instead of opened by path. Only the browser build compiles app/platform/web/.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace hitbox::app::web {

// Calls `frame` once per animation frame until it returns false. Never returns: the caller's
// stack stays as it is (Emscripten's simulated infinite loop), so `frame` may refer to it.
// After the first frame the page's console gets "hitbox: first frame at T ms" (T from the
// start of navigation) and window.hitboxFrames counts the frames drawn; when the loop ends it
// prints how long the frames took to compute.
[[noreturn]] void run_main_loop(std::function<bool()> frame);

// The command line the page's URL stands for: "?lesson=03_polygon_sat_mtd&algo=sat,mtd" is
// `hitbox --lesson 03_polygon_sat_mtd --algo sat,mtd`; a parameter without a value is a bare
// flag (`?no-ui`); `scene=NAME` without a slash names a bundled scene (assets/scenes/NAME.json);
// a fragment ("#v1=...", a shared link) is `--open #v1=...`. argv[0] included.
std::vector<std::string> url_args(const std::string& program);

// The folder the bundled scenes, lessons and sprites are preloaded to (--preload-file).
inline constexpr const char* kAssetsDir = "/assets";

// File > Open: shows the browser's file picker. The chosen file is copied into the in-memory
// file system (beside a link to the bundled sprites, so "../sprites/x.png" still resolves)
// and its path comes back from take_upload() on a later frame.
void pick_scene_file();
// The path of a file the user uploaded since the last call, or "".
std::string take_upload();

// Offers a file of the in-memory file system to the user as a download (Save, Export PNG,
// Export SVG).
void download(const std::string& path);

// The lesson panel shows this lesson: the page's console gets "hitbox: lesson: TITLE | FIRST
// PARAGRAPH" once each time the lesson shown changes (the browser tests read it).
void lesson_shown(const std::string& title, const std::string& first_paragraph);

// The page's address without its query and fragment (origin and path): what a link points at.
std::string page_address();
// The page's fragment without the '#' ("v1=..." for a link), "" when it has none.
std::string page_fragment();
// The Share button: `url` onto the clipboard (navigator.clipboard, within the click's user
// activation) and "hitbox: link URL" on the page's console; a clipboard that refuses is said
// on the console too ("hitbox: clipboard: ...").
void share_link(const std::string& url);

// The page's localStorage (lesson progress, teach/progress.h). storage_get: the value, "" when
// the key is not set, and *ok false when the storage cannot be read; storage_set: false when
// it cannot be written (storage turned off, quota).
std::string storage_get(const std::string& key, bool* ok);
bool storage_set(const std::string& key, const std::string& value);

}  // namespace hitbox::app::web
