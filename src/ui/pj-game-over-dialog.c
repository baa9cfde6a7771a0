/* pj-game-over-dialog.c — who won, how the game went, and what next
 *
 * An alert over the window at the end of a game: the winning
 * team, the game's statistics, and the ways on. A game on this computer
 * offers "New Game…" and "Play Again"; a LAN game "Close" and "Leave the
 * Table", and "Play Again" where the table can deal again (the host). The
 * fair-deal check of a LAN game arrives later and joins the text
 * (the "deal-check" property).
 *
 * The window answers the responses ("new", "again", "close", "leave",
 * "rematch"); this dialog only shows. A game of this computer's can be
 * reviewed from here: the "review" signal asks the window, which runs it
 * (it goes on in the side panel when the dialog is closed); the dialog
 * shows its progress, then its summary ("2 mistakes, 1 blunder"), and the
 * worst moves it found as rows: activating one emits "look-back" with the
 * move's history index, and the window shows that position.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-game-over-dialog.h"
#include "pj-move-item.h"
#include "pj-text.h"

/* the worst moves listed under the review's summary */
#define WORST_ROWS 3

struct _PjGameOverDialog
{
  PjAlert           parent_instance;

  /* template */
  GtkListBox       *stats_list;
  GtkWidget        *review_box;
  GtkWidget        *review_list;   /* in review_box */
  AdwActionRow     *review_row;
  GtkStack         *review_stack;
  GtkProgressBar   *review_progress;

  PjGame           *game;
  int               team;
  gboolean          can_rematch;
  char             *result;       /* the winners' sentence, before any deal check */
  char             *deal_check;
  PjReview         *review;
  char             *review_text;  /* the review row's subtitle */
  int               review_percent;
  gboolean          review_width_pinned;
  GtkWidget        *worst_rows[WORST_ROWS];   /* in review_list: a reviewed move each */
};

G_DEFINE_FINAL_TYPE (PjGameOverDialog, pj_game_over_dialog, PJ_TYPE_ALERT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_TEAM,
  PROP_CAN_REMATCH,
  PROP_DEAL_CHECK,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  REVIEW,
  CANCEL_REVIEW,
  LOOK_BACK,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
team_names (PjGame *game,
            guint   team)
{
  const PjRules *rules = pj_game_get_rules (game);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint seat = 0; seat < rules->players; seat++)
    if (pj_team_of (rules, seat) == team)
      g_ptr_array_add (names, (gpointer) pj_game_get_seat_name (game, seat));
  g_ptr_array_add (names, NULL);
  return pj_text_list ((const char *const *) names->pdata);
}

static char *
format_duration (gint64 seconds)
{
  if (seconds < 60)
    /* Translators: a game's duration under a minute */
    return g_strdup (_("Under a minute"));
  if (seconds < 3600)
    return g_strdup_printf (ngettext ("%u minute", "%u minutes", (gulong) (seconds / 60)),
                            (guint) (seconds / 60));
  /* Translators: a game's duration, hours and minutes, e.g. "1 h 05 min" */
  return g_strdup_printf (_("%u h %02u min"), (guint) (seconds / 3600), (guint) (seconds % 3600 / 60));
}

static void
add_stat_row (PjGameOverDialog *self,
              const char       *title,
              const char       *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (value);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_add_css_class (label, "numeric");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  gtk_list_box_append (self->stats_list, row);
}

static void
add_count_row (PjGameOverDialog *self,
               const char       *title,
               guint             count)
{
  g_autofree char *value = g_strdup_printf ("%u", count);

  add_stat_row (self, title, value);
}

static void
fill_stats (PjGameOverDialog *self)
{
  const PjRules *rules = pj_game_get_rules (self->game);
  g_autofree char *duration = NULL;
  PjGameStats stats;

  pj_game_get_stats (self->game, &stats);
  duration = format_duration (stats.duration_s);

  add_count_row (self, _("Turns"), stats.turns);
  add_count_row (self, _("Cards played"), stats.cards_played);
  for (guint team = 0; team < rules->teams; team++)
    {
      g_autofree char *names = team_names (self->game, team);
      g_autofree char *title = NULL;

      /* Translators: hits made by a team, e.g. "Hits by Red and Green" */
      title = g_strdup_printf (_("Hits by %s"), names);
      add_count_row (self, title, stats.hits[team]);
    }
  add_count_row (self, _("Pegs sent back to start"), stats.sent_home);
  add_stat_row (self, _("Duration"), duration);
}

static void
set_result (PjGameOverDialog *self)
{
  int winner = pj_game_get_winner (self->game);
  g_autofree char *names = team_names (self->game, (guint) MAX (winner, 0));
  const char *heading;

  if (self->team < 0)
    heading = _("Game Over");
  else if (self->team == winner)
    heading = _("Your Team Wins!");
  else
    heading = _("Your Team Lost");

  g_free (self->result);
  /* Translators: the winning team, e.g. "Red and Green win the game." */
  self->result = g_strdup_printf (_("%s win the game."), names);
  pj_alert_set_heading (PJ_ALERT (self), heading);
  pj_alert_set_body (PJ_ALERT (self), self->result);
}

static void
add_responses (PjGameOverDialog *self)
{
  PjAlert *dialog = PJ_ALERT (self);

  if (!pj_game_is_mirror (self->game))
    {
      pj_alert_add_responses (dialog,
                              "new", _("_New Game…"),
                              "again", _("_Play Again"),
                              NULL);
      pj_alert_set_response_appearance (dialog, "again", ADW_RESPONSE_SUGGESTED);
      pj_alert_set_default_response (dialog, "again");
      return;
    }

  /* the host keeps the table; the fair-deal check follows shortly */
  pj_alert_add_responses (dialog,
                          "close", _("_Close"),
                          "leave", _("_Leave the Table"),
                          NULL);
  pj_alert_set_default_response (dialog, "close");
  /* the host deals the next game to the same seats; the others follow */
  if (self->can_rematch)
    {
      pj_alert_add_response (dialog, "rematch", _("_Play Again"));
      pj_alert_set_response_appearance (dialog, "rematch", ADW_RESPONSE_SUGGESTED);
      pj_alert_set_default_response (dialog, "rematch");
    }
}

/* ---- Game Review --------------------------------------------------------- */

static void
set_review_text (PjGameOverDialog *self,
                 char             *text)
{
  g_free (self->review_text);
  self->review_text = text;
  adw_action_row_set_subtitle (self->review_row, text);
}

static void update_review (PjGameOverDialog *self);

/* The row's texts change while the review runs (the offer, "Reviewing…
 * 40 %", the summary) and so would the dialog's width, three times: once
 * the review is under way the row keeps the width it has on screen, asking
 * for no more (its words wrap inside). */
static void
pin_review_width (PjGameOverDialog *self)
{
  int width;

  if (self->review_width_pinned || !gtk_widget_get_mapped (self->review_box) ||
      (width = gtk_widget_get_width (self->review_box)) <= 0)
    return;
  gtk_widget_set_size_request (self->review_box, width, -1);
  /* its natural width is now the one asked for: the least */
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->review_box), FALSE);
  self->review_width_pinned = TRUE;
}

/* ---- the worst moves, to look at ------------------------------------------ */

static void
worst_row_activated_cb (AdwActionRow     *row,
                        PjGameOverDialog *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "pj-index"));

  g_signal_emit (self, signals[LOOK_BACK], 0, index);
}

static int
by_loss (gconstpointer a,
         gconstpointer b)
{
  const PjReviewEntry *x = *(const PjReviewEntry **) a, *y = *(const PjReviewEntry **) b;

  if (x->loss != y->loss)
    return x->loss > y->loss ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* A done review lists its worst moves (below good), worst first, each a
 * row that shows its position when activated. */
static void
update_worst_rows (PjGameOverDialog *self)
{
  g_autoptr (GPtrArray) worst = g_ptr_array_new ();
  GListModel *history = pj_game_get_history (self->game);

  for (guint i = 0; i < WORST_ROWS; i++)
    if (self->worst_rows[i] != NULL)
      {
        gtk_list_box_remove (GTK_LIST_BOX (self->review_list), self->worst_rows[i]);
        self->worst_rows[i] = NULL;
      }
  if (self->review == NULL || !pj_review_get_done (self->review))
    return;

  for (guint i = 0; i < pj_review_get_n_entries (self->review); i++)
    {
      const PjReviewEntry *e = pj_review_get_entry (self->review, i);

      if (e->label != PJ_REVIEW_GOOD && e->index < g_list_model_get_n_items (history))
        g_ptr_array_add (worst, (gpointer) e);
    }
  g_ptr_array_sort (worst, by_loss);
  for (guint i = 0; i < MIN (worst->len, WORST_ROWS); i++)
    {
      const PjReviewEntry *e = g_ptr_array_index (worst, i);
      g_autoptr (PjMoveItem) move = g_list_model_get_item (history, e->index);
      GtkWidget *row = adw_action_row_new ();
      /* Translators: a reviewed move's loss, e.g. "Mistake: 8 % less chance to win" */
      g_autofree char *loss = g_strdup_printf (_("%s: %d %% less chance to win"),
                                               pj_review_label_text (e->label),
                                               (int) (e->loss * 100 + 0.5));
      g_autofree char *title = NULL;
      GtkWidget *icon = gtk_image_new_from_icon_name ("go-next-symbolic");

      /* Translators: a reviewed move in the game-over dialog, e.g.
       * "Move 23: Red played Queen: peg 1 +10" */
      title = g_strdup_printf (_("Move %u: %s"), e->index + 1, pj_move_item_get_description (move));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), loss);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), icon);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_widget_set_tooltip_text (row, _("Show the board after this move"));
      g_object_set_data (G_OBJECT (row), "pj-index", GUINT_TO_POINTER (e->index));
      g_signal_connect_object (row, "activated", G_CALLBACK (worst_row_activated_cb), self, 0);
      gtk_list_box_append (GTK_LIST_BOX (self->review_list), row);
      self->worst_rows[i] = row;
    }
}

/* A LAN guest's game can be reviewed once the host revealed the cards and
 * the deal checked out. */
void
pj_game_over_dialog_set_reviewable (PjGameOverDialog *self,
                                    gboolean          reviewable)
{
  g_return_if_fail (PJ_IS_GAME_OVER_DIALOG (self));

  gtk_widget_set_visible (self->review_box, reviewable);
}

gboolean
pj_game_over_dialog_get_reviewable (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), FALSE);

  return gtk_widget_get_visible (self->review_box);
}

/* The rows for the worst moves, for tests: NULL past the last. */
GtkWidget *
pj_game_over_dialog_get_worst_row (PjGameOverDialog *self,
                                   guint             i)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), NULL);

  return i < WORST_ROWS ? self->worst_rows[i] : NULL;
}

/* A whole percent at a time, as in the window */
/* GTK's thread: a progress told from elsewhere waits for the next one */
static GThread *ui_thread;

static void
review_progress_cb (PjGameOverDialog *self)
{
  int percent;

  if (g_thread_self () != ui_thread)
    return;
  percent = (int) (pj_review_get_progress (self->review) * 100);
  if (percent != self->review_percent)
    update_review (self);
}

static void
update_review (PjGameOverDialog *self)
{
  /* before the texts change */
  if (self->review != NULL)
    pin_review_width (self);
  update_worst_rows (self);
  if (self->review == NULL)
    {
      gtk_stack_set_visible_child_name (self->review_stack, "start");
      set_review_text (self, g_strdup (_("Your moves rated against the hard computer player’s")));
    }
  else if (pj_review_get_done (self->review))
    {
      gtk_stack_set_visible_child_name (self->review_stack, "done");
      set_review_text (self, pj_review_summary (self->review, G_MAXUINT));
    }
  else
    {
      double progress = pj_review_get_progress (self->review);

      self->review_percent = (int) (progress * 100);
      gtk_stack_set_visible_child_name (self->review_stack, "running");
      gtk_progress_bar_set_fraction (self->review_progress, progress);
      /* Translators: a game review under way, e.g. "Reviewing… 40 %" */
      set_review_text (self, g_strdup_printf (_("Reviewing… %d %%"), (int) (progress * 100)));
    }
}

static void
review_clicked_cb (PjGameOverDialog *self)
{
  g_signal_emit (self, signals[REVIEW], 0);
}

static void
cancel_review_clicked_cb (PjGameOverDialog *self)
{
  g_signal_emit (self, signals[CANCEL_REVIEW], 0);
}

/**
 * pj_game_over_dialog_set_review:
 * @self: a game-over dialog
 * @review: (nullable): the review of the dialog's game, running or done
 *
 * Show @review's progress, then its summary; NULL offers to review again.
 */
void
pj_game_over_dialog_set_review (PjGameOverDialog *self,
                                PjReview         *review)
{
  g_return_if_fail (PJ_IS_GAME_OVER_DIALOG (self));
  g_return_if_fail (review == NULL || PJ_IS_REVIEW (review));

  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->review, update_review, self);
      g_signal_handlers_disconnect_by_func (self->review, review_progress_cb, self);
    }
  if (review != NULL)
    pin_review_width (self);
  g_set_object (&self->review, review);
  self->review_percent = -1;
  if (review != NULL)
    {
      g_signal_connect_object (review, "notify::progress", G_CALLBACK (review_progress_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (review, "notify::done", G_CALLBACK (update_review), self, G_CONNECT_SWAPPED);
    }
  update_review (self);
}

PjReview *
pj_game_over_dialog_get_review (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), NULL);

  return self->review;
}

/* What the review row says: the offer, the progress or the summary. */
const char *
pj_game_over_dialog_get_review_text (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), NULL);

  return self->review_text;
}

static void
pj_game_over_dialog_constructed (GObject *object)
{
  PjGameOverDialog *self = PJ_GAME_OVER_DIALOG (object);

  G_OBJECT_CLASS (pj_game_over_dialog_parent_class)->constructed (object);

  g_assert (PJ_IS_GAME (self->game));
  set_result (self);
  fill_stats (self);
  add_responses (self);
  /* a LAN guest has the record to review once the deal is checked:
   * pj_game_over_dialog_set_reviewable() */
  gtk_widget_set_visible (self->review_box,
                          !pj_game_is_mirror (self->game) && pj_game_get_record (self->game) != NULL);
  update_review (self);
}

static void
pj_game_over_dialog_dispose (GObject *object)
{
  PjGameOverDialog *self = PJ_GAME_OVER_DIALOG (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PJ_TYPE_GAME_OVER_DIALOG);
  g_clear_object (&self->game);
  if (self->review != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->review, update_review, self);
      g_signal_handlers_disconnect_by_func (self->review, review_progress_cb, self);
    }
  g_clear_object (&self->review);

  G_OBJECT_CLASS (pj_game_over_dialog_parent_class)->dispose (object);
}

static void
pj_game_over_dialog_finalize (GObject *object)
{
  PjGameOverDialog *self = PJ_GAME_OVER_DIALOG (object);

  g_clear_pointer (&self->result, g_free);
  g_clear_pointer (&self->deal_check, g_free);
  g_clear_pointer (&self->review_text, g_free);

  G_OBJECT_CLASS (pj_game_over_dialog_parent_class)->finalize (object);
}

static void
pj_game_over_dialog_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  PjGameOverDialog *self = PJ_GAME_OVER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_TEAM:
      g_value_set_int (value, self->team);
      break;

    case PROP_CAN_REMATCH:
      g_value_set_boolean (value, self->can_rematch);
      break;

    case PROP_DEAL_CHECK:
      g_value_set_string (value, self->deal_check);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_game_over_dialog_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  PjGameOverDialog *self = PJ_GAME_OVER_DIALOG (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;

    case PROP_TEAM:
      self->team = g_value_get_int (value);
      break;

    case PROP_CAN_REMATCH:
      self->can_rematch = g_value_get_boolean (value);
      break;

    case PROP_DEAL_CHECK:
      pj_game_over_dialog_set_deal_check (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_game_over_dialog_class_init (PjGameOverDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  ui_thread = g_thread_self ();
  object_class->constructed = pj_game_over_dialog_constructed;
  object_class->dispose = pj_game_over_dialog_dispose;
  object_class->finalize = pj_game_over_dialog_finalize;
  object_class->get_property = pj_game_over_dialog_get_property;
  object_class->set_property = pj_game_over_dialog_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, PJ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* the local player's team (-1: only computers played) */
  properties[PROP_TEAM] =
    g_param_spec_int ("team", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /* a LAN game whose table can deal again to the same seats */
  properties[PROP_CAN_REMATCH] =
    g_param_spec_boolean ("can-rematch", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DEAL_CHECK] =
    g_param_spec_string ("deal-check", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* "Review" was clicked: the window runs the review and hands it back
   * with pj_game_over_dialog_set_review() */
  signals[REVIEW] =
    g_signal_new ("review", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[CANCEL_REVIEW] =
    g_signal_new ("cancel-review", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* a reviewed move's row was activated: show the position after the
   * history item given */
  signals[LOOK_BACK] =
    g_signal_new ("look-back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-game-over-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, stats_list);
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, review_box);
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, review_list);
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, review_row);
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, review_stack);
  gtk_widget_class_bind_template_child (widget_class, PjGameOverDialog, review_progress);
  gtk_widget_class_bind_template_callback (widget_class, review_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_review_clicked_cb);
}

static void
pj_game_over_dialog_init (PjGameOverDialog *self)
{
  self->team = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * pj_game_over_dialog_new:
 * @game: a finished game
 * @team: the local player's team, or -1 when only computers played
 * @can_rematch: for a LAN game, whether to offer "Play Again"
 *
 * Returns: (transfer floating): a new dialog, not yet shown
 *   (pj_alert_present())
 */
PjGameOverDialog *
pj_game_over_dialog_new (PjGame   *game,
                         int       team,
                         gboolean  can_rematch)
{
  g_return_val_if_fail (PJ_IS_GAME (game), NULL);

  return g_object_new (PJ_TYPE_GAME_OVER_DIALOG,
                       "game", game,
                       "team", team,
                       "can-rematch", can_rematch,
                       NULL);
}

PjGame *
pj_game_over_dialog_get_game (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), NULL);

  return self->game;
}

int
pj_game_over_dialog_get_team (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), -1);

  return self->team;
}

gboolean
pj_game_over_dialog_get_can_rematch (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), FALSE);

  return self->can_rematch;
}

const char *
pj_game_over_dialog_get_deal_check (PjGameOverDialog *self)
{
  g_return_val_if_fail (PJ_IS_GAME_OVER_DIALOG (self), NULL);

  return self->deal_check;
}

/**
 * pj_game_over_dialog_set_deal_check:
 * @self: a game-over dialog
 * @deal_check: (nullable): the fair-deal result of a LAN game
 *
 * Show @deal_check below the winners.
 */
void
pj_game_over_dialog_set_deal_check (PjGameOverDialog *self,
                                    const char       *deal_check)
{
  g_autofree char *body = NULL;

  g_return_if_fail (PJ_IS_GAME_OVER_DIALOG (self));

  if (g_strcmp0 (self->deal_check, deal_check) == 0)
    return;
  g_free (self->deal_check);
  self->deal_check = g_strdup (deal_check);

  if (deal_check != NULL)
    body = g_strdup_printf ("%s\n\n%s", self->result ? self->result : "", deal_check);
  pj_alert_set_body (PJ_ALERT (self), body ? body : self->result);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEAL_CHECK]);
}
