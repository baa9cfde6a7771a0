/* pj-json-limits.h — bounds checked on JSON text before json-glib parses it
 *
 * json-glib parses nested arrays and objects by recursion, so a small text of
 * 100,000 "[" overflows the stack. Saved games and network messages both
 * refuse such text with these scans first: each reads the text once, with
 * no recursion and no allocation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* FALSE when arrays and objects in text (len bytes, not NUL-terminated)
 * nest more than max_depth deep; brackets inside strings do not count. */
gboolean pj_json_nesting_ok (const char *text, gsize len, guint max_depth);

/* FALSE when a string in text (a value or a member name) is longer than
 * max_bytes as written, escapes included: an upper bound of its parsed length. */
gboolean pj_json_strings_ok (const char *text, gsize len, gsize max_bytes);

/* FALSE when an array or object in text is followed by anything but white
 * space, or follows a scalar: json-glib leaks what it parsed of such text.
 * (Not a validation: what json-glib refuses anyway passes.) */
gboolean pj_json_is_one_value (const char *text, gsize len);

G_END_DECLS
