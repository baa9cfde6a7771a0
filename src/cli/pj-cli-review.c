/* pj-cli-review.c — `pegs-and-jokers-cli review`: the Game Review of a
 * saved game (model/pj-review.h), as text or as JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-cli.h"

#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "pj-record.h"
#include "pj-review.h"

/* Far more than anyone waits for: a typo of a zero too many is refused. */
#define MAX_ITERATIONS 1000000

/* The seats whose controller is a person (here or remote); 0 (every
 * seat) when the computer played them all. */
static guint
people_seats (const PjRecord *record)
{
  guint mask = 0;

  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    {
      PjAiLevel level;

      if (!pj_controller_to_level (pj_record_get_seat (record, i)->controller, &level))
        mask |= 1u << i;
    }
  return mask;
}

static gboolean
parse_seats (const PjRecord  *record,
             const char      *text,
             guint           *out,
             GError         **error)
{
  guint players = pj_record_get_n_seats (record);
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint mask = 0;

  if (g_ascii_strcasecmp (text, "all") == 0)
    {
      *out = 0;
      return TRUE;
    }
  if (parts[0] == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--seats: give at least one seat, or “all”"));
      return FALSE;
    }
  for (guint i = 0; parts[i]; i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (parts[i]));
      int seat = pj_cli_parse_seat (players, name);

      for (guint k = 0; seat < 0 && k < players; k++)
        if (g_utf8_collate (pj_record_get_seat (record, k)->name, name) == 0)
          seat = (int) k;

      if (seat < 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--seats: “%s” is not a seat at this table (give colour letters or "
                         "names, players' names or numbers from 0 to %u, separated by commas, "
                         "or “all”)"),
                       name, players - 1);
          return FALSE;
        }
      mask |= 1u << seat;
    }
  *out = mask;
  return TRUE;
}

static void
on_progress (PjReview   *review,
             GParamSpec *pspec,
             gpointer    user_data)
{
  g_printerr ("\r%3.0f %%", pj_review_get_progress (review) * 100.0);
}

static char *
seat_label (const PjRecord *record,
            guint           seat)
{
  const PjSeat *s = pj_record_get_seat (record, seat);

  /* Translators: a seat in the review, e.g. "Red (Ann)"; the colour names
   * stay in English, as in the notation */
  return g_strdup_printf (_("%s (%s)"), pj_colour_name (seat), s->name);
}

static void
print_text (PjReview *review)
{
  PjRecord *record = pj_review_get_record (review);
  guint n = pj_review_get_n_entries (review);
  guint next = 0;
  PjState s;

  /* the notation is for the position before each action: one replay */
  pj_record_state_at (record, 0, &s);
  for (guint i = 0; i < pj_record_get_n_actions (record) && next < n; i++)
    {
      const PjReviewEntry *e = pj_review_get_entry (review, next);

      if (e->index == i)
        {
          g_autofree char *played = pj_action_to_string (&s, &e->played);

          /* Translators: one rated decision: turn, colour, the action in
           * notation, the label ("Mistake") and the win chance lost, in points */
          g_print (_("Turn %u, %s: %s — %s (%.1f points)\n"), e->turn, pj_colour_name (e->seat),
                   played, pj_review_label_text (e->label), e->loss * 100.0);
          if (!pj_action_equal (&e->best, &e->played))
            {
              g_autofree char *best = pj_action_to_string (&s, &e->best);

              g_print ("    %s %s\n", _("Best:"), best);
            }
          if (e->reason)
            g_print ("    %s\n", e->reason);
          next++;
        }
      pj_state_apply (&s, pj_record_get_action (record, i));
    }

  g_print ("\n");
  for (guint seat = 0; seat < pj_record_get_n_seats (record); seat++)
    {
      guint rated = 0;

      for (guint l = 0; l < PJ_REVIEW_N_LABELS; l++)
        rated += pj_review_count (review, seat, (PjReviewLabel) l);
      if (rated > 0)
        {
          g_autofree char *who = seat_label (record, seat);
          g_autofree char *summary = pj_review_summary (review, seat);

          /* Translators: a seat's summary, e.g. "Red (Ann): 31 decisions rated, 2 mistakes, 1 blunder" */
          g_print (ngettext ("%s: %u decision rated, %s\n", "%s: %u decisions rated, %s\n", rated),
                   who, rated, summary);
        }
    }
}

int
pj_cli_review (int    argc,
               char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (PjRecord) record = NULL;
  g_autoptr (PjReview) review = NULL;
  g_autofree char *seats_text = NULL;
  g_autofree char *iterations_text = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json,
      N_("Print the review as JSON (its members are described in the README)"), NULL },
    { "seats", 0, 0, G_OPTION_ARG_STRING, &seats_text,
      N_("The seats to review: colour letters or names, players' names or 0-based numbers "
         "separated by commas, or “all” (default: the people at the table, or every seat if "
         "there were none)"),
      "LIST" },
    { "iterations", 0, 0, G_OPTION_ARG_STRING, &iterations_text,
      N_("Playouts per decision (default: a budget that reviews a 4-player game in well "
         "under a minute)"), "N" },
    { NULL }
  };
  guint64 iterations = 0;
  guint seats;

  if (!pj_cli_parse ("review", "FILE",
                     _("Rate every decision of a saved game against the hard computer "
                       "player, using only what each player knew at the time: the win "
                       "chance lost, labelled good, inaccuracy, mistake or blunder, and "
                       "the better move. Ends with a summary per seat."),
                     _("Example: pegs-and-jokers-cli review game.json --seats R,Y"),
                     entries, &argc, &argv))
    return PJ_CLI_USAGE;
  if (argc != 2)
    return pj_cli_fail ("review", PJ_CLI_USAGE, _("expected one FILE (see --help)"));
  if (iterations_text
      && !g_ascii_string_to_unsigned (iterations_text, 10, 1, MAX_ITERATIONS, &iterations, NULL))
    return pj_cli_fail ("review", PJ_CLI_USAGE,
                        _("--iterations must be a whole number from 1 to %u, not “%s”"),
                        MAX_ITERATIONS, iterations_text);

  record = pj_record_load (argv[1], &error);
  if (record == NULL)
    return pj_cli_fail ("review", PJ_CLI_FAILED, "%s", error->message);
  seats = people_seats (record);
  if (seats_text && !parse_seats (record, seats_text, &seats, &error))
    return pj_cli_fail ("review", PJ_CLI_USAGE, "%s", error->message);

  review = pj_review_new (record, seats, (guint) iterations);
  if (isatty (STDERR_FILENO))
    g_signal_connect (review, "notify::progress", G_CALLBACK (on_progress), NULL);
  if (!pj_review_run (review, NULL, &error))
    return pj_cli_fail ("review", PJ_CLI_FAILED, "%s", error->message);
  if (isatty (STDERR_FILENO))
    g_printerr ("\r      \r");

  if (json)
    {
      g_autofree char *text = pj_review_to_json (review);

      g_print ("%s", text);
    }
  else
    print_text (review);
  return PJ_CLI_OK;
}
