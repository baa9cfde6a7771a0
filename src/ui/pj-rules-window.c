/* pj-rules-window.c — the rules of the chosen variant, written for players
 *
 * The text follows the game's rule options, not a fixed variant, so a
 * custom table reads right too. One translatable string per paragraph.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gi18n.h>

#include "pj-card-names.h"
#include "pj-rules-window.h"

struct _PjRulesWindow
{
  AdwWindow       parent_instance;

  AdwWindowTitle *window_title;
  GtkBox         *content;
};

G_DEFINE_FINAL_TYPE (PjRulesWindow, pj_rules_window, ADW_TYPE_WINDOW)

static void
pj_rules_window_class_init (PjRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/pegsandjokers/PegsAndJokers/pj-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PjRulesWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, PjRulesWindow, content);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
pj_rules_window_init (PjRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
heading (PjRulesWindow *self,
         const char    *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-4");
  gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  gtk_box_append (self->content, label);
}

static void
para (PjRulesWindow *self,
      const char    *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_box_append (self->content, label);
}

static void
card_row (GtkWidget  *list,
          const char *cards,
          const char *power)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), cards);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), power);
  gtk_list_box_append (GTK_LIST_BOX (list), row);
}

static void
card_table (PjRulesWindow *self,
            const PjRules *r)
{
  GtkWidget *list = gtk_list_box_new ();
  g_autofree char *faces = NULL;
  g_autofree char *plain = NULL;

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  /* a screen reader names the list when it is entered */
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("The Cards"), -1);

  card_row (list, pj_card_name (PJ_CARD_ACE),
            r->ace == PJ_ACE_ONE_BACK_ELEVEN
            ? _("Bring a peg out of your start area, or move 1 forward, 1 backward or 11 forward.")
            : _("Bring a peg out of your start area, or move 1 forward."));
  /* Translators: the three face cards, e.g. "King, Queen, Jack" */
  faces = g_strdup_printf (_("%s, %s, %s"), pj_card_name (PJ_CARD_KING),
                           pj_card_name (PJ_CARD_QUEEN), pj_card_name (PJ_CARD_JACK));
  card_row (list, faces, _("Bring a peg out of your start area, or move 10 forward."));
  card_row (list, pj_card_name (2),
            r->two_swap
            ? _("Move 2 forward, or swap the places of two pegs of different colours that are both on the main track. A swap hits nobody.")
            : _("Move 2 forward."));
  /* Translators: cards that simply move forward, e.g. "Three, Four, Five, Six" */
  plain = g_strdup_printf (_("%s, %s, %s, %s"), pj_card_name (3), pj_card_name (4),
                           pj_card_name (5), pj_card_name (6));
  card_row (list, plain, _("Move one peg that many holes forward."));
  card_row (list, pj_card_name (7),
            _("Move 7 forward with one peg, or split the 7 between two different pegs, such as 3 and 4. Both parts must be used in full."));
  card_row (list, pj_card_name (8), _("Move one peg 8 holes backward on the main track."));
  switch (r->nine)
    {
    case PJ_NINE_FWD_BACK:
      card_row (list, pj_card_name (9),
                _("Move 9 forward, or split the 9 between two pegs: one goes forward and the other backward, such as 3 forward and 6 back."));
      break;
    case PJ_NINE_FWD_FWD:
      card_row (list, pj_card_name (9), _("Move 9 forward, or split the 9 forward between two pegs, like a 7."));
      break;
    default:
      card_row (list, pj_card_name (9), _("Move one peg 9 forward."));
      break;
    }
  switch (r->ten)
    {
    case PJ_TEN_SPLIT_ANY:
      card_row (list, pj_card_name (10),
                _("Must be split between two different pegs on the board, yours, a partner’s or an opponent’s. Each part goes forward or backward. An opponent’s peg never moves inside or into its home."));
      break;
    case PJ_TEN_FWD_OR_BACK1:
      card_row (list, pj_card_name (10), _("Move one peg 10 forward or 1 backward."));
      break;
    default:
      card_row (list, pj_card_name (10), _("Move one peg 10 forward."));
      break;
    }
  switch (r->joker)
    {
    case PJ_JOKER_AZ_START_FIRST:
      card_row (list, pj_card_name (PJ_CARD_JOKER),
                _("Move a peg onto any hole of the main track that holds a peg of another colour, which is hit. While your team has pegs in a start area, the Joker must bring one of those out this way."));
      break;
    case PJ_JOKER_PEGOO:
      card_row (list, pj_card_name (PJ_CARD_JOKER),
                _("Either move one of your pegs from the start area or the main track straight onto its in-spot, or send any opponent’s peg on the main track back to its start."));
      break;
    default:
      card_row (list, pj_card_name (PJ_CARD_JOKER),
                _("Move one of your pegs, from the start area or the main track, onto any hole that holds a peg of another colour. That peg is hit. A Joker never lands on an empty hole."));
      break;
    }

  gtk_box_append (self->content, list);
}

static void
fill (PjRulesWindow *self,
      const PjRules *r)
{
  int preset = pj_rules_match_preset (r);
  g_autofree char *subtitle = NULL;
  g_autofree char *table = NULL;

  subtitle = g_strdup_printf (ngettext ("%s, %u player", "%s, %u players", r->players),
                              preset >= 0 ? _(pj_preset_title ((PjPreset) preset)) : C_("variant", "Custom rules"),
                              r->players);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  heading (self, _("The Aim"));
  if (r->teams == 2)
    /* Translators: e.g. "4 players play in two teams; partners sit in every other seat." */
    table = g_strdup_printf (ngettext ("%u player plays in two teams; partners sit in every other seat.",
                                       "%u players play in two teams; partners sit in every other seat.", r->players),
                             r->players);
  else
    table = g_strdup_printf (ngettext ("%u player plays in teams of two; partners sit opposite each other.",
                                       "%u players play in teams of two; partners sit opposite each other.", r->players),
                             r->players);
  para (self, table);
  para (self, _("Each player has five pegs in a start area beside their side of the board. The first team to bring every peg of every partner into its home wins."));

  heading (self, _("The Cards"));
  card_table (self, r);

  heading (self, _("Your Turn"));
  if (r->draw_first)
    para (self, _("Draw a card, then play one card from your hand and move by it."));
  else
    para (self, _("Play one card from your hand and move by it, then draw back up to your hand size."));
  para (self, _("Pegs run clockwise round the track. You must use the full value of the card, even when the move is a bad one."));
  para (self, _("If any card other than a Joker can move, you must make a move. A Joker may always be played, but never has to be. Only when nothing but a Joker can move may you instead discard a card and end your turn."));
  if (r->count_turns > 0)
    {
      g_autofree char *count = g_strdup_printf (_("When you cannot move at all, you discard and the turn counts. After %u such turns in a row, on the next one you discard any card and bring a peg out of your start area for free."),
                                                (guint) r->count_turns - 1);
      para (self, count);
    }
  if (r->stuck_pile)
    para (self, _("Cards discarded because you could not move go on a separate pile, so everyone can see how many turns you have counted."));

  heading (self, _("Hits and Chains"));
  para (self, _("A peg may never land on or pass over a peg of its own colour. Passing other pegs does nothing."));
  para (self, _("Landing exactly on an opponent’s peg sends it back to its start area. Landing on a partner’s peg sends it forward to its own in-spot, which is often a big help."));
  para (self, _("If a peg already waits on that in-spot, it is hit in turn by the same rule, and so on: one move can set off a chain of hits."));

  heading (self, _("Home"));
  para (self, _("The in-spot is the marked hole near the start of your side; your home of five holes branches off there. Your pegs start at the come-out hole, the other marked hole, and must go all the way round."));
  if (r->home_entry == PJ_HOME_FORCED)
    para (self, _("A peg may not move forward past its in-spot: it must turn into its home, and if there is no room there for the whole count, that peg cannot make that move."));
  else
    para (self, _("A forward move that reaches your in-spot with steps to spare may turn into your home, if every hole it needs there is free; it may also go on round the track instead."));
  para (self, _("In your home pegs move forward only, by exact count, and never jump over each other. The first peg in must end in the last hole so the others fit."));

  heading (self, _("Finishing"));
  if (r->move_team_pegs)
    para (self, _("In this variant you may move any peg of your team, whatever its colour, on every turn."));
  else
    para (self, _("Once all five of your pegs are home, you move the pegs of the next partner to your left who has not finished. A split card may bring your last peg home and move a partner’s peg with the rest."));
  para (self, _("The game ends as soon as one team has every peg home."));

  if (r->bluffing)
    {
      heading (self, _("Bluffing"));
      para (self, _("Every card is played face down, and you declare it as any card you like, then make a move that card allows."));
      para (self, _("Before the move stands, each opponent in turn may challenge it. If nobody challenges, the move stands and the card stays hidden."));
      para (self, _("A caught bluff: the challengers pick one of the bluffer’s pegs on the board and send it back to start, and the move is not made. A wrong challenge: the truthful player sends one of the challenger’s pegs back to start, and the move stands."));
      para (self, _("Whoever has no peg on the board to lose gives the other side an extra turn instead."));
    }

  if (preset != PJ_PRESET_BASIC)
    {
      heading (self, _("How This Variant Differs"));
      if (r->holes_per_side != 18)
        {
          g_autofree char *holes = g_strdup_printf (_("Each side of the board has %u holes instead of 18."), (guint) r->holes_per_side);
          para (self, holes);
        }
      if (r->hand_size != 5)
        {
          g_autofree char *hand = g_strdup_printf (ngettext ("Each player holds only %u card.", "Each player holds only %u cards.", r->hand_size),
                                                   (guint) r->hand_size);
          para (self, hand);
        }
      if (!r->draw_first)
        para (self, _("You play first and draw afterwards."));
      if (r->ace == PJ_ACE_ONE_BACK_ELEVEN || r->two_swap || r->nine != PJ_NINE_NONE ||
          r->ten != PJ_TEN_FORWARD || r->joker != PJ_JOKER_HIT_ANY)
        para (self, _("Some cards have other powers: see the table of cards above."));
      if (r->count_turns > 0)
        para (self, _("Players who cannot move count their turns and then bring a peg out for free."));
      if (r->bluffing)
        para (self, _("Cards are played face down and may be bluffed."));
    }

  heading (self, _("Playing with a Screen Reader"));
  para (self, _("Every hole of the board is read by name: the peg in it and where that is, for example “Red peg 2, main track, 5 holes before Blue’s in-spot”, or “Hole 12 of Blue’s side, empty”."));
  para (self, _("Pick a card with Alt and its number, or Tab to the cards and press Enter. On the board the arrow keys go through the pegs and holes you may pick, each hole saying what the move does, for example “Move to Red home hole 3: Seven: peg 2 to home 3, peg 4 +4”. Enter picks; a split card is picked part by part; Escape steps back."));
  para (self, _("To look around the board: Page Down and Page Up go hole by hole along the track, P and Shift+P go peg by peg, player by player. T tells what threatens the peg in focus, D how far each peg of that colour is from home, L which team leads."));
  para (self, _("The moves of the other players, challenges included, are read out as they happen, in the words of the move list (F9 shows it)."));
}

PjRulesWindow *
pj_rules_window_new (GtkWindow     *parent,
                     const PjRules *rules)
{
  PjRulesWindow *self = g_object_new (PJ_TYPE_RULES_WINDOW,
                                      "transient-for", parent,
                                      NULL);
  PjRules basic;

  if (rules == NULL)
    {
      pj_rules_preset (&basic, PJ_PRESET_BASIC, 4);
      rules = &basic;
    }
  fill (self, rules);
  return self;
}
