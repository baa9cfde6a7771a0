/* fuzz-message.c — libFuzzer target for the line reader and message parser
 *
 * pj_net_fuzz_one() is also linked into test-net-message, which replays
 * every input in corpus-regress/ (the crashes found so far) through it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "pj-net-message.h"

int pj_net_fuzz_one (const uint8_t *data, size_t size);

static gboolean
line_cb (const char *line,
         gsize       len,
         gboolean    too_large,
         gpointer    user_data)
{
  for (guint dir = 0; dir < 2 && !too_large; dir++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) msg = NULL;
      PjNetMessageType type;

      if (pj_net_message_parse (line, len, (PjNetDirection) dir, &type, &msg, &error))
        {
          /* what parses must write back and parse again alike */
          gsize out_len;
          g_autofree char *out = pj_net_message_to_line (msg, &out_len);
          g_autoptr (JsonObject) again = NULL;
          PjNetMessageType type2;

          g_assert_no_error (error);
          if (out_len < PJ_NET_MAX_LINE &&
              !pj_net_message_parse (out, out_len - 1, (PjNetDirection) dir, &type2, &again, &error))
            g_error ("re-parse failed: %s", error->message);
          if (again)
            g_assert_cmpint (type, ==, type2);
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == PJ_NET_ERROR);
          g_assert_true (error->code == PJ_NET_ERROR_MALFORMED ||
                         error->code == PJ_NET_ERROR_TOO_LARGE ||
                         error->code == PJ_NET_ERROR_UNKNOWN_TYPE ||
                         error->code == PJ_NET_ERROR_INVALID_FIELD);
        }
    }
  return TRUE;
}

int
pj_net_fuzz_one (const uint8_t *data,
                 size_t         size)
{
  PjLineReader reader;
  size_t split = size > 0 ? data[0] % (size + 1) : 0;

  /* two reads at a point the input picks, with a small bound so the
   * too-large path is reached as often as the normal one */
  pj_line_reader_init (&reader, size > 1 && (data[size - 1] & 1) ? 256 : PJ_NET_MAX_LINE);
  pj_line_reader_feed (&reader, data, split, line_cb, NULL);
  pj_line_reader_feed (&reader, data + split, size - split, line_cb, NULL);
  pj_line_reader_feed (&reader, (const guint8 *) "\n", 1, line_cb, NULL);
  pj_line_reader_clear (&reader);
  return 0;
}

#ifdef PJ_FUZZ_MAIN
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  return pj_net_fuzz_one (data, size);
}
#endif
