/* pj-cli.c — pegs-and-jokers-cli: look at, play and check saved games
 *
 *   pegs-and-jokers-cli show FILE           a position with a readable summary
 *   pegs-and-jokers-cli moves FILE          the legal actions of the player to move
 *   pegs-and-jokers-cli play FILE ACTION    apply an action to a saved game
 *   pegs-and-jokers-cli new …  -o FILE      write a new saved game
 *   pegs-and-jokers-cli simulate …          random games checking every invariant
 *   pegs-and-jokers-cli replay FILE         verify a saved game
 *   pegs-and-jokers-cli tournament …        computer players against each other
 *   pegs-and-jokers-cli review FILE         rate each decision against the hard player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-cli.h"

#include <errno.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "pj-ai.h"
#include "pj-file.h"
#include "pj-record.h"
#include "pj-tournament.h"

/* ---- shared helpers -------------------------------------------------- */

int
pj_cli_fail (const char *sub, int status, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* one line, so scripts and bug reports can quote it */
  g_strdelimit (message, "\n", ' ');
  if (sub)
    g_printerr ("%s %s: %s\n", PJ_CLI_NAME, sub, message);
  else
    g_printerr ("%s: %s\n", PJ_CLI_NAME, message);
  return status;
}

gboolean
pj_cli_parse (const char           *sub,
              const char           *parameters,
              const char           *summary,
              const char           *description,
              const GOptionEntry   *entries,
              int                  *argc,
              char               ***argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new (parameters);
  g_autoptr (GError) error = NULL;
  g_autofree char *prgname = g_strdup_printf ("%s %s", PJ_CLI_NAME, sub);

  /* --help shows "pegs-and-jokers-cli show [OPTION…] FILE" */
  g_set_prgname (prgname);
  g_option_context_set_summary (context, summary);
  if (description)
    g_option_context_set_description (context, description);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      pj_cli_fail (sub, PJ_CLI_USAGE, _("%s (see --help)"), error->message);
      return FALSE;
    }
  return TRUE;
}

char *
pj_cli_or_list (const char *list)
{
  const char *last = g_strrstr (list, ", ");
  g_autofree char *head = NULL;

  if (last == NULL)
    return g_strdup (list);
  head = g_strndup (list, (gsize) (last - list));
  /* Translators: the end of a list of names that are typed as they are
   * (presets, controllers): “basic, arizona or kilpatrick” */
  return g_strdup_printf (_("%s or %s"), head, last + 2);
}

char *
pj_cli_preset_help (void)
{
  g_autofree char *names = pj_preset_list ();
  g_autofree char *choices = pj_cli_or_list (names);

  /* Translators: the presets' names stay as they are typed */
  return g_strdup_printf (_("Rules preset: %s"), choices);
}

gboolean
pj_cli_build_rules (const char  *preset_name,
                    int          players,
                    const char  *teams,
                    char       **options,
                    PjRules     *out,
                    GError     **error)
{
  PjRules rules;
  PjPreset preset;

  if (preset_name == NULL || !pj_preset_lookup (preset_name, &preset))
    {
      g_autofree char *names = pj_preset_list ();
      g_autofree char *choices = pj_cli_or_list (names);

      /* Translators: the last %s lists the presets' names */
      if (preset_name == NULL)
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--preset is required (%s)"), choices);
      else
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("unknown preset “%s” (%s)"), preset_name, choices);
      return FALSE;
    }
  if (players != 4 && players != 6 && players != 8)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   players == 0 ? _("--players is required (4, 6 or 8)")
                                : _("--players must be 4, 6 or 8"));
      return FALSE;
    }
  pj_rules_preset (&rules, preset, (guint) players);
  if (teams != NULL)
    {
      guint64 t;

      if (g_strcmp0 (teams, "pairs") == 0)
        t = (guint64) players / 2;
      else if (!g_ascii_string_to_unsigned (teams, 10, 2, 4, &t, NULL))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--teams must be 2, %d or “pairs” (partners opposite)"), players / 2);
          return FALSE;
        }
      rules.teams = (guint8) t;
    }
  for (guint i = 0; options && options[i]; i++)
    {
      g_auto (GStrv) kv = g_strsplit (options[i], "=", 2);

      if (kv[0] == NULL || kv[1] == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--option wants key=value, not “%s”"), options[i]);
          return FALSE;
        }
      if (strcmp (kv[0], "players") == 0 || strcmp (kv[0], "teams") == 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("use --%s, not --option %s=…"), kv[0], kv[0]);
          return FALSE;
        }
      if (!pj_option_set_string (&rules, kv[0], kv[1], error))
        return FALSE;
    }
  if (!pj_rules_validate (&rules, error))
    return FALSE;
  *out = rules;
  return TRUE;
}

char *
pj_cli_team_label (const PjRules *rules,
                   guint          team)
{
  g_autoptr (GString) colours = g_string_new (NULL);

  for (guint seat = team; seat < rules->players; seat += rules->teams)
    {
      if (seat != team)
        g_string_append (colours, ", ");
      g_string_append (colours, pj_colour_name (seat));
    }
  /* Translators: a team and its colours, e.g. “team 1 (Red, Green)”; the colour
   * names stay in English: they are the notation's names, as in “R1” */
  return g_strdup_printf (_("team %u (%s)"), team + 1, colours->str);
}

/* Read a whole file or stdin ("-"), never more than a saved game may be
 * (the record loader's bounded reader, pj-file.h). */
static char *
read_input (const char  *path,
            gsize       *length,
            GError     **error)
{
  g_autoptr (GError) read_error = NULL;
  gboolean is_stdin = strcmp (path, "-") == 0;
  FILE *f = is_stdin ? stdin : fopen (path, "rb");
  g_autofree char *text = NULL;
  gsize n = 0;

  if (f == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   _("cannot open “%s”: %s"), path, g_strerror (saved_errno));
      return NULL;
    }
  text = pj_file_read_bounded (f, PJ_RECORD_MAX_FILE_SIZE, &n, &read_error);
  if (!is_stdin)
    fclose (f);
  if (text == NULL)
    {
      g_set_error (error, G_FILE_ERROR, read_error->code,
                   _("cannot read “%s”: %s"), path, read_error->message);
      return NULL;
    }
  if (n > PJ_RECORD_MAX_FILE_SIZE)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   _("“%s” is larger than %u MiB"), path, PJ_RECORD_MAX_FILE_SIZE >> 20);
      return NULL;
    }
  *length = n;
  return g_steal_pointer (&text);
}

/* A FILE argument: a saved game (JSON) or a position text. */
typedef struct {
  PjRecord *record;    /* NULL for a position text */
  PjState   state;
} Input;

static void
input_clear (Input *in)
{
  g_clear_pointer (&in->record, pj_record_unref);
}

static gboolean
load_input (const char  *path,
            Input       *in,
            GError     **error)
{
  gsize length = 0;
  g_autofree char *text = read_input (path, &length, error);
  const char *p;

  memset (in, 0, sizeof *in);
  if (text == NULL)
    return FALSE;
  for (p = text; g_ascii_isspace (*p); p++)
    ;
  if (*p == '{')
    {
      in->record = pj_record_from_json (text, (gssize) length, error);
      if (in->record == NULL)
        return FALSE;
      in->state = *pj_record_get_state (in->record);
      return TRUE;
    }
  if (memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, PJ_ENGINE_ERROR, PJ_ENGINE_ERROR_PARSE,
                   _("“%s” is neither a saved game nor a position text"), path);
      return FALSE;
    }
  return pj_position_from_string (&in->state, text, error);
}

static int
parse_colour (guint       players,
              const char *text)
{
  guint64 n;

  if (text == NULL || text[0] == '\0')
    return -1;
  for (guint c = 0; c < players; c++)
    if (text[1] == '\0' && g_ascii_toupper (text[0]) == pj_colour_letter (c))
      return (int) c;
    else if (g_ascii_strcasecmp (text, pj_colour_name (c)) == 0)
      return (int) c;
  if (g_ascii_string_to_unsigned (text, 10, 0, players - 1u, &n, NULL))
    return (int) n;
  return -1;
}

int
pj_cli_parse_seat (guint       players,
                   const char *text)
{
  return parse_colour (players, text);
}

static char *
cards_text (const guint8 *cards,
            guint         n)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      if (i)
        g_string_append_c (out, ' ');
      g_string_append (out, pj_card_to_string (PJ_CARD_RANK (cards[i])));
    }
  if (n == 0)
    g_string_append (out, _("(none)"));
  return g_string_free (out, FALSE);
}

static char *
status_line (const PjState *s)
{
  switch (s->phase)
    {
    case PJ_PHASE_OVER:
      {
        g_autofree char *team = pj_cli_team_label (&s->rules, s->winner);
        return g_strdup_printf (_("Game over after %u turns: %s won"), s->turn_number, team);
      }
    case PJ_PHASE_CHALLENGE:
      return g_strdup_printf (_("Turn %u: %s may challenge %s's declared move"),
                              s->turn_number, pj_colour_name (s->actor), pj_colour_name (s->turn));
    case PJ_PHASE_PENALTY:
      return g_strdup_printf (_("Turn %u: %s picks a peg of %s to send back to start"),
                              s->turn_number, pj_colour_name (s->actor),
                              pj_colour_name (s->penalty_loser));
    default:
      return g_strdup_printf (_("Turn %u: %s to move"), s->turn_number, pj_colour_name (s->actor));
    }
}

/* ---- show ------------------------------------------------------------ */

static void
print_summary (const Input   *in,
               const PjState *s,
               guint          at)
{
  g_autofree char *rules = pj_rules_to_string (&s->rules);
  g_autofree char *status = status_line (s);
  g_autofree char *hand = cards_text (s->hand[s->actor], s->hand_count[s->actor]);
  guint top = pj_state_top_discard (s);
  guint stuck_pile = pj_state_stuck_pile_count (s);

  /* every summary line is a '#' comment, so the output is itself a position text */
  g_print ("# %s %s\n", _("Rules:"), rules);
  if (in->record)
    {
      const char *title = pj_record_get_title (in->record);

      if (title)
        g_print ("# %s %s\n", _("Title:"), title);
      g_print ("# %s", _("Seats:"));
      for (guint i = 0; i < pj_record_get_n_seats (in->record); i++)
        {
          const PjSeat *seat = pj_record_get_seat (in->record, i);
          g_print ("%s %s: %s (%s)", i ? ";" : "", pj_colour_name (i), seat->name,
                   pj_controller_to_id (seat->controller));
        }
      g_print ("\n# ");
      {
        g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, pj_record_get_seed (in->record));
        g_print (_("Seed %s, after action %u of %u"), seed, at, pj_record_get_n_actions (in->record));
      }
      g_print ("\n");
    }
  g_print ("# %s\n", status);
  for (guint c = 0; c < s->rules.players; c++)
    {
      GString *pegs = g_string_new (NULL);
      guint home = 0;

      for (guint i = 0; i < PJ_PEGS; i++)
        {
          g_autofree char *pos = pj_pos_to_string (s, c, s->board.peg[c][i]);
          g_string_append_printf (pegs, " %s", pos);
          home += PJ_POS_IS_HOME (s->board.peg[c][i]);
        }
      g_print ("# %-7s ", pj_colour_name (c));
      /* Translators: one colour's line in “show”: its team number, its five
       * peg positions in notation, how many are in start and in home */
      g_print (_("team %u:%s  (%u in start, %u home)"), pj_team_of (&s->rules, c) + 1,
               pegs->str, s->board.n_start[c], home);
      g_print ("\n");
      g_string_free (pegs, TRUE);
    }
  if (s->phase != PJ_PHASE_OVER)
    g_print ("# %s %s\n", _("Hand of the player to move:"), hand);
  if (top == PJ_CARD_NONE)
    g_print ("# %s %s\n", _("Top discard:"), _("(none)"));
  else
    g_print ("# %s %s\n", _("Top discard:"), top == PJ_CARD_UNKNOWN ? _("face down")
                                                                     : pj_card_to_string (top));
  if (stuck_pile)
    g_print ("# %s %u\n", _("Unable-to-play pile:"), stuck_pile);
  g_print ("# %s %u\n", _("Cards in the stock:"), s->n_stock);
}

static int
cmd_show (int    argc,
          char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *as = NULL;
  /* text, so that every number typed is checked here, -5 included */
  g_autofree char *at_text = NULL;
  gint64 at = 0;
  const GOptionEntry entries[] = {
    { "at", 0, 0, G_OPTION_ARG_STRING, &at_text,
      N_("Show a saved game after its first N actions"), "N" },
    { "as", 0, 0, G_OPTION_ARG_STRING, &as,
      N_("Show only what one seat may see (a colour letter or name, or “spectator”)"), "SEAT" },
    { NULL }
  };
  Input in;
  PjState s;
  g_autofree char *text = NULL;
  guint shown_at = 0;

  if (!pj_cli_parse ("show", "FILE",
                     _("Print a position: a readable summary (as # comments), then the "
                       "position in the engine's notation.\n"
                       "FILE is a saved game (.json) or a position text; “-” reads standard input."),
                     NULL, entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 2)
    return pj_cli_fail ("show", PJ_CLI_USAGE, _("expected one FILE (see --help)"));
  if (at_text != NULL
      && (!g_ascii_string_to_signed (at_text, 10, G_MININT64, G_MAXINT64, &at, NULL) || at < 0))
    return pj_cli_fail ("show", PJ_CLI_USAGE,
                        _("--at must be a number of actions, 0 or more, not “%s”"), at_text);
  if (!load_input (argv[1], &in, &error))
    return pj_cli_fail ("show", PJ_CLI_FAILED, "%s", error->message);

  s = in.state;
  if (in.record)
    shown_at = pj_record_get_n_actions (in.record);
  if (at_text != NULL)
    {
      if (in.record == NULL)
        {
          input_clear (&in);
          return pj_cli_fail ("show", PJ_CLI_USAGE,
                              _("--at needs a saved game; “%s” is a position"), argv[1]);
        }
      if ((guint64) at > pj_record_get_n_actions (in.record))
        {
          guint n = pj_record_get_n_actions (in.record);

          input_clear (&in);
          return pj_cli_fail ("show", PJ_CLI_USAGE,
                              ngettext ("--at %s: the saved game has only %u action",
                                        "--at %s: the saved game has only %u actions", n),
                              at_text, n);
        }
      pj_record_state_at (in.record, (guint) at, &s);
      shown_at = (guint) at;
    }
  if (as)
    {
      int viewer = g_ascii_strcasecmp (as, "spectator") == 0 ? -1 : parse_colour (s.rules.players, as);

      if (viewer < 0 && g_ascii_strcasecmp (as, "spectator") != 0)
        {
          input_clear (&in);
          return pj_cli_fail ("show", PJ_CLI_USAGE, _("--as: “%s” is not a seat at this table"), as);
        }
      pj_state_redact (&s, viewer);
    }
  print_summary (&in, &s, shown_at);
  text = pj_position_to_string (&s);
  g_print ("%s", text);
  input_clear (&in);
  return PJ_CLI_OK;
}

/* ---- moves ----------------------------------------------------------- */

static int
cmd_moves (int    argc,
           char **argv)
{
  g_autoptr (GError) error = NULL;
  const GOptionEntry entries[] = { { NULL } };
  PjActionList list;
  Input in;

  if (!pj_cli_parse ("moves", "FILE",
                     _("List the legal actions of the player to move, one per line, in "
                       "action notation (what “play” accepts).\n"
                       "FILE is a saved game (.json) or a position text; “-” reads standard input."),
                     NULL, entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 2)
    return pj_cli_fail ("moves", PJ_CLI_USAGE, _("expected one FILE (see --help)"));
  if (!load_input (argv[1], &in, &error))
    return pj_cli_fail ("moves", PJ_CLI_FAILED, "%s", error->message);

  pj_action_list_init (&list);
  pj_legal_actions (&in.state, &list);
  for (guint i = 0; i < list.n; i++)
    {
      g_autofree char *text = pj_action_to_string (&in.state, &list.v[i]);
      g_print ("%s\n", text);
    }
  if (list.n == 0)
    g_printerr (_("The game is over: there are no moves.\n"));
  pj_action_list_clear (&list);
  input_clear (&in);
  return PJ_CLI_OK;
}

/* ---- play ------------------------------------------------------------ */

static int
cmd_play (int    argc,
          char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autofree char *output = NULL;
  g_autofree char *action_text = NULL;
  g_autofree char *played = NULL;
  g_autofree char *status = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Save the result to FILE instead of changing the saved game in place"), "FILE" },
    { NULL }
  };
  PjState before;
  guint mover;

  if (!pj_cli_parse ("play", "FILE ACTION",
                     _("Apply one action, in action notation (see “moves”), to a saved game "
                       "and save it. An illegal action leaves the file as it was."),
                     _("Example: pegs-and-jokers-cli play game.json \"7 R1 r12-h2, R3 b4-b7\""),
                     entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc < 3)
    return pj_cli_fail ("play", PJ_CLI_USAGE, _("expected FILE and ACTION (see --help)"));

  record = pj_record_load (argv[1], &error);
  if (record == NULL)
    return pj_cli_fail ("play", PJ_CLI_FAILED, "%s", error->message);

  /* an action typed without quotes arrives as several words */
  action_text = g_strjoinv (" ", argv + 2);
  before = *pj_record_get_state (record);
  mover = before.actor;
  if (!pj_record_append_string (record, action_text, &error))
    return pj_cli_fail ("play", PJ_CLI_FAILED, _("%s; the game was not changed"), error->message);
  if (!pj_record_save (record, output ? output : argv[1], &error))
    return pj_cli_fail ("play", PJ_CLI_FAILED, "%s", error->message);

  played = pj_action_to_string (&before,
                                pj_record_get_action (record, pj_record_get_n_actions (record) - 1));
  status = status_line (pj_record_get_state (record));
  g_print (_("%s played: %s\n"), pj_colour_name (mover), played);
  g_print ("%s\n", status);
  return PJ_CLI_OK;
}

/* ---- new ------------------------------------------------------------- */

static int
cmd_new (int    argc,
         char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autofree char *preset = NULL, *teams = NULL, *seed_text = NULL, *dealer_text = NULL;
  g_autofree char *title = NULL, *output = NULL;
  g_auto (GStrv) options = NULL;
  g_auto (GStrv) seat_args = NULL;
  gint players = 0;
  g_autofree char *preset_help = pj_cli_preset_help ();
  g_autofree char *controllers = pj_controller_id_list ();
  g_autofree char *controller_choices = pj_cli_or_list (controllers);
  /* Translators: %s lists the controllers' names, as they are typed */
  g_autofree char *seat_help = g_strdup_printf (_("A seat's name and controller (%s), once per "
                                                  "seat in order"), controllers);
  const GOptionEntry entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset, preset_help, "NAME" },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, N_("4, 6 or 8"), "N" },
    { "teams", 0, 0, G_OPTION_ARG_STRING, &teams,
      N_("2 (seats alternate, the default) or “pairs” (partners opposite; or give the number)"), "T" },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options,
      N_("Change one rule option, e.g. count_turns=4 (repeatable)"), "KEY=VALUE" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the shuffle (default: random)"), "S" },
    { "dealer", 0, 0, G_OPTION_ARG_STRING, &dealer_text,
      N_("Dealer seat: a colour letter or 0-based number (default: from the seed)"), "SEAT" },
    { "seat", 0, 0, G_OPTION_ARG_STRING_ARRAY, &seat_args, seat_help, "NAME[:CONTROLLER]" },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title, N_("A title for the game"), "TEXT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("The file to write (required)"), "FILE" },
    { NULL }
  };
  PjRules rules;
  guint64 seed;
  int dealer = -1;
  PjSeat seats[PJ_MAX_PLAYERS];
  guint n_seats = 0;
  g_auto (GStrv) seat_names = NULL;

  if (!pj_cli_parse ("new", "",
                     _("Write a new saved game, ready for the first action."),
                     _("Example: pegs-and-jokers-cli new --preset north-carolina --players 4 "
                       "--seed 7 -o game.json"),
                     entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 1)
    return pj_cli_fail ("new", PJ_CLI_USAGE, _("unexpected argument “%s” (see --help)"), argv[1]);
  if (output == NULL)
    return pj_cli_fail ("new", PJ_CLI_USAGE, _("-o FILE is required (see --help)"));
  if (!pj_cli_build_rules (preset, players, teams, options, &rules, &error))
    return pj_cli_fail ("new", PJ_CLI_USAGE, "%s", error->message);
  if (seed_text == NULL)
    seed = ((guint64) g_random_int () << 32) | g_random_int ();
  else if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    return pj_cli_fail ("new", PJ_CLI_USAGE, _("--seed must be a whole number, not “%s”"), seed_text);
  if (dealer_text)
    {
      dealer = parse_colour (rules.players, dealer_text);
      if (dealer < 0)
        return pj_cli_fail ("new", PJ_CLI_USAGE, _("--dealer: “%s” is not a seat at this table"),
                            dealer_text);
    }
  if (seat_args)
    {
      n_seats = g_strv_length (seat_args);
      if (n_seats != rules.players)
        return pj_cli_fail ("new", PJ_CLI_USAGE, _("give --seat once per player (%u), not %u times"),
                            rules.players, n_seats);
      seat_names = g_new0 (char *, n_seats + 1);
      for (guint i = 0; i < n_seats; i++)
        {
          char *colon = strrchr (seat_args[i], ':');

          seats[i].controller = PJ_CONTROLLER_HUMAN;
          if (colon && pj_controller_from_id (colon + 1, &seats[i].controller))
            seat_names[i] = g_strndup (seat_args[i], (gsize) (colon - seat_args[i]));
          else if (colon && strchr (colon + 1, ' ') == NULL && colon[1] != '\0')
            /* Translators: the last %s lists the controllers' names */
            return pj_cli_fail ("new", PJ_CLI_USAGE, _("--seat: unknown controller “%s” (%s)"),
                                colon + 1, controller_choices);
          else
            seat_names[i] = g_strdup (seat_args[i]);
          seats[i].name = seat_names[i];
        }
    }

  record = pj_record_new (&rules, seed, dealer, seat_args ? seats : NULL, n_seats, &error);
  if (record == NULL)
    return pj_cli_fail ("new", PJ_CLI_USAGE, "%s", error->message);
  if (title)
    {
      if (strlen (title) > PJ_RECORD_MAX_TITLE)
        return pj_cli_fail ("new", PJ_CLI_USAGE, _("--title is longer than %u bytes"),
                            PJ_RECORD_MAX_TITLE);
      pj_record_set_title (record, title);
    }
  if (!pj_record_save (record, output, &error))
    return pj_cli_fail ("new", PJ_CLI_FAILED, "%s", error->message);
  {
    g_autofree char *text = pj_rules_to_string (&rules);
    g_autofree char *status = status_line (pj_record_get_state (record));

    g_autofree char *seed_shown = g_strdup_printf ("%" G_GUINT64_FORMAT, seed);

    g_print (_("New game: %s, seed %s, dealer %s\n"), text, seed_shown,
             pj_colour_name (pj_record_get_dealer (record)));
    g_print ("%s\n", status);
  }
  return PJ_CLI_OK;
}

/* ---- replay ---------------------------------------------------------- */

static int
cmd_replay (int    argc,
            char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autofree char *status = NULL;
  g_autofree char *text = NULL;
  const GOptionEntry entries[] = { { NULL } };
  gsize length = 0;

  if (!pj_cli_parse ("replay", "FILE",
                     _("Verify a saved game by replaying every action; print OK and how the "
                       "game stands, or the first problem (exit status 1).\n"
                       "“-” reads standard input."),
                     NULL, entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 2)
    return pj_cli_fail ("replay", PJ_CLI_USAGE, _("expected one FILE (see --help)"));

  text = read_input (argv[1], &length, &error);
  if (text)
    record = pj_record_from_json (text, (gssize) length, &error);
  if (record == NULL)
    return pj_cli_fail ("replay", PJ_CLI_FAILED, "%s", error->message);
  status = status_line (pj_record_get_state (record));
  g_print (_("OK: %u actions replayed. %s\n"), pj_record_get_n_actions (record), status);
  return PJ_CLI_OK;
}

/* ---- main ------------------------------------------------------------ */

static const struct {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} commands[] = {
  { "show", cmd_show, N_("print a position and a readable summary") },
  { "moves", cmd_moves, N_("list the legal actions of the player to move") },
  { "play", cmd_play, N_("apply an action to a saved game") },
  { "new", cmd_new, N_("write a new saved game") },
  { "simulate", pj_cli_simulate, N_("play random games, checking every invariant") },
  { "replay", cmd_replay, N_("verify a saved game by replaying it") },
  { "tournament", pj_tournament_main, N_("let computer players play each other") },
  { "review", pj_cli_review, N_("rate a saved game's decisions against the hard player") },
};

static void
print_help (void)
{
  g_print (_("Usage: %s COMMAND [OPTION…] [ARGUMENT…]\n\n"), PJ_CLI_NAME);
  g_print (_("Look at, play and check Pegs and Jokers games from the command line.\n\n"));
  g_print (_("Commands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-12s %s\n", commands[i].name, _(commands[i].summary));
  g_print (_("\n“%s COMMAND --help” describes a command's options.\n"), PJ_CLI_NAME);
  g_print (_("Exit status: 0 success, 1 failure (bad file, illegal action, errors found), "
             "2 bad arguments.\n"));
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, PJ_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_set_prgname (PJ_CLI_NAME);

  if (argc < 2)
    {
      pj_cli_fail (NULL, PJ_CLI_USAGE, _("expected a command (see --help)"));
      return PJ_CLI_USAGE;
    }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0
      || strcmp (argv[1], "help") == 0 || strcmp (argv[1], "--help-all") == 0)
    {
      print_help ();
      return PJ_CLI_OK;
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      g_print ("%s %s\n", PJ_CLI_NAME, PJ_VERSION);
      return PJ_CLI_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);
  return pj_cli_fail (NULL, PJ_CLI_USAGE, _("unknown command “%s” (see --help)"), argv[1]);
}
