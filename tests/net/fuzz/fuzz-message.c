/* fuzz-message.c — libFuzzer target for the line reader and message parser,
 * and for the handshake's checks (pj-net-auth.c) on what a parsed
 * challenge, hello or welcome carries
 *
 * pj_net_fuzz_one() is also linked into test-net-message, which replays
 * every input in corpus-regress/ (the crashes found so far) through it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "pj-net.h"
#include "pj-net-message.h"

int pj_net_fuzz_one (const uint8_t *data, size_t size);

static int
int_member (JsonObject *msg,
            const char *name,
            int         fallback)
{
  JsonNode *node = json_object_get_member (msg, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return fallback;
  return (int) CLAMP (json_node_get_int (node), G_MININT, G_MAXINT);
}

static const char *
string_member (JsonObject *msg,
               const char *name)
{
  JsonNode *node = json_object_get_member (msg, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

/* What the host and the client do with a handshake message's fields: pick
 * a version (or say why none), and check a proof against the one made
 * for this nonce and channel, whatever the peer put in them. */
static void
check_handshake (PjNetMessageType  type,
                 JsonObject       *msg)
{
  static const char binding[] = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
  const char *nonce = "00112233445566778899aabbccddeeff";
  int high, low, picked;
  g_autofree char *why = NULL;

  if (type != PJ_MSG_HELLO && type != PJ_MSG_CHALLENGE && type != PJ_MSG_WELCOME)
    return;
  high = int_member (msg, type == PJ_MSG_WELCOME ? "protocol" : "protocol_max", int_member (msg, "protocol", 1));
  low = int_member (msg, "protocol_min", type == PJ_MSG_HELLO ? 1 : high);
  picked = pj_net_version_pick (PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX, low, high);
  why = pj_net_version_message (low, high, PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  /* a version both speak and a reason why not never come together */
  g_assert_true ((picked != 0) == (why == NULL));
  if (picked != 0)
    g_assert_cmpint (picked, >=, MAX (low, PJ_NET_PROTOCOL_MIN));
  if (type == PJ_MSG_CHALLENGE)
    nonce = string_member (msg, "nonce");
  if (nonce == NULL)
    return;
  for (guint role = PJ_NET_PROOF_PASSWORD; role <= PJ_NET_PROOF_HOST; role++)
    {
      static const char *const fields[] = { "proof", "token_proof", "host_proof" };
      const char *theirs = string_member (msg, fields[role]);
      g_autofree char *mine = pj_net_bound_proof ("secret", (PjNetProofRole) role, nonce, binding);
      g_autofree char *other = pj_net_bound_proof ("secret", (PjNetProofRole) ((role + 1) % 3), nonce, binding);

      /* a proof of one role never passes for another's */
      g_assert_false (pj_net_equal_secret (mine, other));
      if (theirs != NULL)
        g_assert_true (pj_net_equal_secret (theirs, mine) == (strcmp (theirs, mine) == 0));
    }
}

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
          check_handshake (type, msg);
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
