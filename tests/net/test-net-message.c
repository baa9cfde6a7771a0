/* test-net-message.c — the wire format: valid messages, a fixture file of
 * invalid ones (each with its specific error), the bounded line reader, and
 * the fuzzer's crash inputs replayed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdint.h>
#include <string.h>

#include "pj-net-message.h"

int pj_net_fuzz_one (const uint8_t *data, size_t size);

/* At least one of each type, each way it may travel (test_every_type) */
static const struct { PjNetDirection dir; const char *line; PjNetMessageType type; } valid_cases[] = {
  { PJ_NET_TO_HOST, "{\"type\":\"hello\",\"protocol\":1,\"name\":\"Ann\"}", PJ_MSG_HELLO },
  { PJ_NET_TO_HOST, "{\"type\":\"hello\",\"protocol\":1,\"name\":\"Ann\",\"token\":\"00112233445566778899aabbccddeeff\",\"future\":[1]}", PJ_MSG_HELLO },
  { PJ_NET_TO_HOST, "{\"type\":\"hello\",\"protocol\":2,\"protocol_min\":2,\"protocol_max\":3,\"name\":\"Ann\",\"proof\":\"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\",\"token_proof\":\"ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100\"}", PJ_MSG_HELLO },
  { PJ_NET_TO_HOST, "{\"type\":\"pong\",\"id\":3}", PJ_MSG_PONG },
  { PJ_NET_TO_CLIENT, "{\"type\":\"ping\"}", PJ_MSG_PING },
  { PJ_NET_TO_CLIENT, "{\"type\":\"pong\",\"id\":7}", PJ_MSG_PONG },
  { PJ_NET_TO_CLIENT, "{\"type\":\"challenge\",\"nonce\":\"00112233445566778899aabbccddeeff\",\"protocol_min\":2,\"protocol_max\":2}", PJ_MSG_CHALLENGE },
  { PJ_NET_TO_CLIENT, "{\"type\":\"closed\",\"message\":\"The host closed the table\"}", PJ_MSG_CLOSED },
  { PJ_NET_TO_CLIENT, "{\"type\":\"closed\"}", PJ_MSG_CLOSED },
  { PJ_NET_TO_CLIENT, "{\"type\":\"welcome\",\"protocol\":2,\"token\":\"00112233445566778899aabbccddeeff\",\"seat\":-1,\"table\":\"t\",\"id\":4}", PJ_MSG_WELCOME },
  { PJ_NET_TO_CLIENT, "{\"type\":\"error\",\"code\":\"table-closed\",\"message\":\"x\"}", PJ_MSG_ERROR },
  { PJ_NET_TO_CLIENT, "{\"type\":\"lobby\",\"table\":\"t\",\"password\":false,\"rules\":\"basic\",\"phase\":\"lobby\",\"seats\":["
                      "{\"seat\":0,\"colour\":\"R\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                      "{\"seat\":1,\"colour\":\"B\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                      "{\"seat\":2,\"colour\":\"Y\",\"name\":\"\",\"kind\":\"open\",\"ready\":false,\"connected\":false},"
                      "{\"seat\":3,\"colour\":\"G\",\"name\":\"Bo\",\"kind\":\"human\",\"ready\":true,\"connected\":true}],"
                      "\"people\":[{\"id\":1,\"name\":\"Ann\",\"seat\":-1},{\"id\":2,\"name\":\"Bo\",\"seat\":3}]}", PJ_MSG_LOBBY },
  { PJ_NET_TO_HOST, "{\"type\":\"sit\",\"seat\":7}", PJ_MSG_SIT },
  { PJ_NET_TO_HOST, "{\"type\":\"stand\"}", PJ_MSG_STAND },
  { PJ_NET_TO_HOST, "{\"type\":\"ready\",\"ready\":false}", PJ_MSG_READY },
  { PJ_NET_TO_HOST, "{\"type\":\"action\",\"text\":\"7 R1 r12-h2, R3 b4-b7\",\"n\":12}", PJ_MSG_ACTION },
  { PJ_NET_TO_HOST, "{\"type\":\"chat\",\"text\":\"hi\"}\r", PJ_MSG_CHAT },
  { PJ_NET_TO_HOST, "{\"type\":\"ping\"}", PJ_MSG_PING },
  { PJ_NET_TO_HOST, "{\"type\":\"bye\"}", PJ_MSG_BYE },
  { PJ_NET_TO_CLIENT, "{\"type\":\"chat\",\"from\":\"Ann\",\"seat\":-1,\"text\":\"hi\",\"team\":false}", PJ_MSG_CHAT },
  { PJ_NET_TO_CLIENT, "{\"type\":\"over\",\"winner\":1,\"seed\":\"18446744073709551615\",\"salt\":\"00112233445566778899aabbccddeeff\",\"n\":1000}", PJ_MSG_OVER },
  { PJ_NET_TO_CLIENT, "{\"type\":\"error\",\"code\":\"not-your-turn\",\"message\":\"It is not your turn\",\"ref\":\"action\"}", PJ_MSG_ERROR },
  { PJ_NET_TO_CLIENT, "{\"type\":\"start\",\"commitment\":\"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\",\"dealer\":0,\"rules\":\"basic\",\"seat\":-1}", PJ_MSG_START },
  { PJ_NET_TO_CLIENT, "{\"type\":\"update\",\"n\":3,\"actor\":1,\"action\":\"draw\",\"computer\":true,\"position\":\"x\"}", PJ_MSG_UPDATE },
  { PJ_NET_TO_CLIENT, "{\"type\":\"log\",\"first\":0,\"actions\":[\"a\",\"b\"]}", PJ_MSG_LOG },
  { PJ_NET_TO_CLIENT, "{\"type\":\"past\",\"first\":0,\"entries\":[{\"actor\":1,\"action\":\"draw\",\"position\":\"x\"},"
                      "{\"actor\":7,\"action\":\"?=5 R1 r12-r17\",\"position\":\"y\",\"future\":1}]}", PJ_MSG_PAST },
  { PJ_NET_TO_CLIENT, "{\"type\":\"chat\",\"from\":\"Ann\",\"seat\":2,\"text\":\"hi\",\"team\":true,\"id\":9,\"earlier\":true}", PJ_MSG_CHAT },
  { PJ_NET_TO_HOST, "{\"type\":\"hello\",\"protocol\":3,\"name\":\"Ann\",\"past\":true}", PJ_MSG_HELLO },
};

static void
test_valid (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (valid_cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) msg = NULL;
      PjNetMessageType type;
      gsize len = strlen (valid_cases[i].line);

      if (valid_cases[i].line[len - 1] == '\r')
        len--;
      g_assert_true (pj_net_message_parse (valid_cases[i].line, len, valid_cases[i].dir, &type, &msg, &error));
      g_assert_no_error (error);
      g_assert_cmpint (type, ==, valid_cases[i].type);
    }
}

static char *
unescape (const char *text,
          gsize      *len)
{
  GString *out = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    {
      if (p[0] == '\\' && p[1] == 'x' && g_ascii_isxdigit (p[2]) && g_ascii_isxdigit (p[3]))
        {
          g_string_append_c (out, (char) (g_ascii_xdigit_value (p[2]) * 16 + g_ascii_xdigit_value (p[3])));
          p += 3;
        }
      else
        g_string_append_c (out, *p);
    }
  *len = out->len;
  return g_string_free (out, FALSE);
}

/* Valent's test-packet style: one invalid message a line, each with the
 * error it must get. */
/* The recipe's guards (HACKING.md, "A LAN message"): every type has its
 * schema row, a valid example above for each way it may travel, and its
 * row in PROTOCOL.md's table for that way (and none in the other). */
static void
test_every_type (void)
{
  g_autofree char *path = g_build_filename (NET_TEST_DIR, "..", "..", "src", "net", "PROTOCOL.md", NULL);
  g_autofree char *doc = NULL;
  g_autoptr (GError) error = NULL;
  const char *up, *down, *end;
  g_autofree char *up_text = NULL;
  g_autofree char *down_text = NULL;

  g_assert_true (g_file_get_contents (path, &doc, NULL, &error));
  g_assert_no_error (error);
  up = strstr (doc, "\n## Client → host\n");
  down = strstr (doc, "\n## Host → client\n");
  g_assert_nonnull (up);
  g_assert_nonnull (down);
  g_assert_true (up < down);
  end = strstr (down + 1, "\n#");
  g_assert_nonnull (end);
  up_text = g_strndup (up, (gsize) (down - up));
  down_text = g_strndup (down, (gsize) (end - down));

  for (guint t = 0; t < PJ_N_MSG; t++)
    {
      const char *name = pj_net_message_type_name (t);
      g_autofree char *row = NULL;

      if (name == NULL)
        g_error ("message type %u has no row in pj-net-message.c's schemas[]", t);
      if (!pj_net_message_allowed (t, PJ_NET_TO_HOST) && !pj_net_message_allowed (t, PJ_NET_TO_CLIENT))
        g_error ("\"%s\" has a schema row that lets neither side send it", name);
      row = g_strdup_printf ("\n| `%s` |", name);
      for (PjNetDirection dir = PJ_NET_TO_HOST; dir <= PJ_NET_TO_CLIENT; dir++)
        {
          gboolean allowed = pj_net_message_allowed (t, dir);
          const char *section = dir == PJ_NET_TO_HOST ? up_text : down_text;
          const char *way = dir == PJ_NET_TO_HOST ? "Client -> host" : "Host -> client";
          gboolean example = FALSE;

          if (allowed != (strstr (section, row) != NULL))
            g_error ("PROTOCOL.md's \"%s\" table %s \"%s\"", way, allowed ? "lacks" : "lists", name);
          for (guint i = 0; i < G_N_ELEMENTS (valid_cases); i++)
            example |= valid_cases[i].type == t && valid_cases[i].dir == dir;
          if (allowed && !example)
            g_error ("test_valid has no \"%s\" sent %s", name, way);
        }
    }
}

/* PROTOCOL.md says which versions this build speaks, and has a section on
 * what the newest one changed (HACKING.md: a version bump). */
static void
test_protocol_doc_versions (void)
{
  g_autofree char *path = g_build_filename (NET_TEST_DIR, "..", "..", "src", "net", "PROTOCOL.md", NULL);
  g_autofree char *doc = NULL;
  g_autofree char *speaks = g_strdup_printf ("speaks versions **%d to %d**", PJ_NET_PROTOCOL_MIN, PJ_NET_PROTOCOL_MAX);
  g_autofree char *title = g_strdup_printf ("# Pegs and Jokers LAN protocol, version %d\n", PJ_NET_PROTOCOL_MAX);
  g_autofree char *section = g_strdup_printf ("\n## Version %d\n", PJ_NET_PROTOCOL_MAX);
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &doc, NULL, &error));
  g_assert_no_error (error);
  if (!g_str_has_prefix (doc, title))
    g_error ("PROTOCOL.md's title is not \"%s\"", g_strchomp (title));
  if (strstr (doc, speaks) == NULL)
    g_error ("PROTOCOL.md does not say \"%s\" (pj-net.h)", speaks);
  if (strstr (doc, section) == NULL)
    g_error ("PROTOCOL.md has no \"## Version %d\" section", PJ_NET_PROTOCOL_MAX);
}

static void
test_invalid_fixture (void)
{
  g_autofree char *path = g_build_filename (NET_TEST_DIR, "invalid-messages.txt", NULL);
  g_autofree char *data = NULL;
  g_auto (GStrv) lines = NULL;
  guint checked = 0;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  lines = g_strsplit (data, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) parts = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) msg = NULL;
      g_autofree char *line = NULL;
      PjNetMessageType type;
      PjNetDirection dir;
      gsize len;
      int code;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      parts = g_strsplit (lines[i], " ", 3);
      g_assert_cmpuint (g_strv_length (parts), ==, 3);
      code = pj_net_error_code_from_name (parts[0]);
      g_assert_cmpint (code, >=, 0);
      dir = g_str_equal (parts[1], "host") ? PJ_NET_TO_HOST : PJ_NET_TO_CLIENT;
      line = unescape (parts[2], &len);
      if (pj_net_message_parse (line, len, dir, &type, &msg, &error))
        g_error ("line %u was accepted: %s", i + 1, lines[i]);
      if (!g_error_matches (error, PJ_NET_ERROR, code))
        g_error ("line %u: want %s, got %s (%s)", i + 1, parts[0],
                 pj_net_error_code_name (error->code), error->message);
      checked++;
    }
  g_assert_cmpuint (checked, >=, 50);
}

typedef struct {
  GPtrArray *lines;
  guint      too_large;
} Collected;

static gboolean
collect_cb (const char *line,
            gsize       len,
            gboolean    too_large,
            gpointer    user_data)
{
  Collected *c = user_data;

  if (too_large)
    c->too_large++;
  else
    {
      g_assert_cmpuint (strlen (line), ==, len);
      g_ptr_array_add (c->lines, g_strndup (line, len));
    }
  return TRUE;
}

static void
test_line_reader (void)
{
  PjLineReader reader;
  Collected c = { g_ptr_array_new_with_free_func (g_free), 0 };
  g_autofree guint8 *big = g_malloc (200000);

  pj_line_reader_init (&reader, 16);
  /* split across reads, CRLF, empty lines skipped */
  pj_line_reader_feed (&reader, (const guint8 *) "ab", 2, collect_cb, &c);
  pj_line_reader_feed (&reader, (const guint8 *) "c\r\n\n\nd", 6, collect_cb, &c);
  pj_line_reader_feed (&reader, (const guint8 *) "e\n", 2, collect_cb, &c);
  g_assert_cmpuint (c.lines->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (c.lines, 0), ==, "abc");
  g_assert_cmpstr (g_ptr_array_index (c.lines, 1), ==, "de");

  /* 15 bytes and a newline fit; 16 do not */
  pj_line_reader_feed (&reader, (const guint8 *) "123456789012345\n", 16, collect_cb, &c);
  g_assert_cmpuint (c.lines->len, ==, 3);
  pj_line_reader_feed (&reader, (const guint8 *) "1234567890123456\nok\n", 20, collect_cb, &c);
  g_assert_cmpuint (c.too_large, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (c.lines, 3), ==, "ok");

  /* a long line in many pieces: reported once, never buffered past the bound */
  memset (big, 'x', 200000);
  for (guint i = 0; i < 20; i++)
    {
      pj_line_reader_feed (&reader, big, 10000, collect_cb, &c);
      g_assert_cmpuint (reader.buf->len, <=, 16);
    }
  g_assert_cmpuint (c.too_large, ==, 2);
  pj_line_reader_feed (&reader, (const guint8 *) "tail\nnext\n", 10, collect_cb, &c);
  g_assert_cmpuint (c.too_large, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (c.lines, c.lines->len - 1), ==, "next");

  pj_line_reader_clear (&reader);
  g_ptr_array_unref (c.lines);
}

static void
test_commitment (void)
{
  g_autofree char *a = pj_net_commitment (42, "00112233445566778899aabbccddeeff");
  g_autofree char *b = pj_net_commitment (43, "00112233445566778899aabbccddeeff");
  g_autofree char *salt = pj_net_random_hex (16);
  g_autofree char *salt2 = pj_net_random_hex (16);

  g_assert_cmpuint (strlen (a), ==, 64);
  g_assert_cmpstr (a, !=, b);
  g_assert_cmpuint (strlen (salt), ==, 32);
  g_assert_cmpstr (salt, !=, salt2);
}

static void
test_error_names (void)
{
  for (int i = 0; i < PJ_NET_N_ERRORS; i++)
    g_assert_cmpint (pj_net_error_code_from_name (pj_net_error_code_name (i)), ==, i);
  g_assert_cmpint (pj_net_error_code_from_name ("nope"), ==, -1);
}

/* The password proof is HMAC-SHA-256 keyed with the password (RFC 4231
 * test case 2), compared in full; the version ranges meet or say why. */
static void
test_auth (void)
{
  g_autofree char *proof = pj_net_proof ("Jefe", "what do ya want for nothing?");
  g_autofree char *newer = pj_net_version_message (1, 1, 2, 2);
  g_autofree char *older = pj_net_version_message (3, 4, 2, 2);
  g_autofree char *none = pj_net_version_message (1, 3, 2, 2);

  g_assert_cmpstr (proof, ==, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  g_assert_true (pj_net_equal_secret (proof, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"));
  g_assert_false (pj_net_equal_secret (proof, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3844"));
  g_assert_false (pj_net_equal_secret (proof, "5bdc"));
  g_assert_false (pj_net_equal_secret ("", "a"));
  g_assert_cmpint (pj_net_version_pick (1, 3, 2, 2), ==, 2);
  g_assert_cmpint (pj_net_version_pick (2, 5, 1, 4), ==, 4);
  g_assert_cmpint (pj_net_version_pick (1, 1, 2, 2), ==, 0);
  g_assert_cmpstr (newer, ==, "This table needs a newer version of Pegs and Jokers");
  g_assert_cmpstr (older, ==, "This table runs an older version of Pegs and Jokers");
  g_assert_null (none);
}

/* Deep nesting is refused before json-glib recurses into it (the check is
 * shared with saved games); brackets inside strings are only text. */
static void
test_nesting (void)
{
  GString *deep = g_string_new ("{\"type\":\"chat\",\"text\":\"hi\",\"x\":");
  g_autofree char *line = NULL;
  const char *in_string = "{\"type\":\"chat\",\"text\":\"[[[[[[{{{{{{\\\"[[[[\"}";
  const char *four = "{\"type\":\"chat\",\"text\":\"hi\",\"x\":[[[1]]]}";
  const char *five = "{\"type\":\"chat\",\"text\":\"hi\",\"x\":[[[[1]]]]}";
  struct { const char *line; gsize len; gboolean ok; } cases[4];
  gsize half;

  /* as many brackets as a line may hold */
  half = (PJ_NET_MAX_LINE - deep->len - 2) / 2;
  for (gsize i = 0; i < half; i++)
    g_string_append_c (deep, '[');
  for (gsize i = 0; i < half; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  g_assert_cmpuint (deep->len, <, PJ_NET_MAX_LINE);
  cases[0].len = deep->len;
  line = g_string_free (deep, FALSE);
  cases[0].line = line;
  cases[0].ok = FALSE;
  cases[1].line = in_string;
  cases[1].ok = TRUE;
  cases[2].line = four;
  cases[2].ok = TRUE;
  cases[3].line = five;
  cases[3].ok = FALSE;
  for (guint i = 1; i < G_N_ELEMENTS (cases); i++)
    cases[i].len = strlen (cases[i].line);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (JsonObject) msg = NULL;
      PjNetMessageType type;
      gboolean ok;

      ok = pj_net_message_parse (cases[i].line, cases[i].len, PJ_NET_TO_HOST, &type, &msg, &error);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        continue;
      g_assert_error (error, PJ_NET_ERROR, PJ_NET_ERROR_MALFORMED);
      g_assert_cmpstr (error->message, ==, "A message is nested too deeply");
    }
}

/* Every input the fuzzer ever crashed on, replayed (and the seed corpus). */
static void
test_corpus_regress (void)
{
  const char *dirs[] = { "fuzz/corpus-regress", "fuzz/corpus-seed" };
  guint n = 0;

  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    {
      g_autofree char *path = g_build_filename (NET_TEST_DIR, dirs[d], NULL);
      g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
      const char *name;

      if (dir == NULL)
        continue;
      while ((name = g_dir_read_name (dir)))
        {
          g_autofree char *file = g_build_filename (path, name, NULL);
          g_autofree char *data = NULL;
          gsize len;

          if (name[0] == '.' || g_str_has_suffix (name, ".md"))
            continue;
          g_assert_true (g_file_get_contents (file, &data, &len, NULL));
          pj_net_fuzz_one ((const guint8 *) data, len);
          n++;
        }
    }
  g_test_message ("%u inputs replayed", n);
  g_assert_cmpuint (n, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  /* first: when a type lacks its schema row, this says so in words */
  g_test_add_func ("/net/message/every-type", test_every_type);
  g_test_add_func ("/net/message/valid", test_valid);
  g_test_add_func ("/net/message/protocol-doc-versions", test_protocol_doc_versions);
  g_test_add_func ("/net/message/invalid-fixture", test_invalid_fixture);
  g_test_add_func ("/net/message/line-reader", test_line_reader);
  g_test_add_func ("/net/message/commitment", test_commitment);
  g_test_add_func ("/net/message/error-names", test_error_names);
  g_test_add_func ("/net/message/nesting", test_nesting);
  g_test_add_func ("/net/message/auth", test_auth);
  g_test_add_func ("/net/message/corpus-regress", test_corpus_regress);
  return g_test_run ();
}
