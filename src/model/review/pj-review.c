/* pj-review.c — Game Review: every decision of the reviewed seats rated
 * against the hard player's (see pj-review.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "pj-review.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "pj-ai.h"
#include "pj-review-private.h"
#include "pj-search.h"

/* Enough for the hard player's candidates and the played action. */
#define MAX_RATINGS 32

struct _PjReview
{
  GObject    parent_instance;

  PjRecord  *record;
  guint      seats;
  guint      iterations;

  GArray    *entries;     /* PjReviewEntry, by index */
  double     progress;
  gboolean   done;
  gboolean   running;
};

G_DEFINE_FINAL_TYPE (PjReview, pj_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RECORD,
  PROP_SEATS,
  PROP_ITERATIONS,
  PROP_PROGRESS,
  PROP_DONE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
entry_clear (gpointer data)
{
  PjReviewEntry *e = data;

  g_clear_pointer (&e->reason, g_free);
}

static GArray *
entries_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (PjReviewEntry));

  g_array_set_clear_func (a, entry_clear);
  return a;
}

/* ---- the work: plain data, no GObject, so it can run on any thread ---- */

/* What the worker needs, copied from the record on the caller's thread:
 * the record may change (undo, a new game) while the review runs. */
typedef struct {
  PjState       start;
  PjAction     *actions;
  guint         n_actions;
  guint         seats;          /* bit mask, never 0 here */
  guint         iterations;
  guint64       seed;
  PjSearchCancel cancel;        /* raised from the cancellable */
  GMainContext *context;        /* where progress is notified (async) */
  PjReview     *self;           /* for progress (async); owned by the task */
} Job;

static Job *
job_new (PjReview     *self,
         GCancellable *cancellable)
{
  Job *job = g_new0 (Job, 1);
  guint n_players;

  pj_record_state_at (self->record, 0, &job->start);
  job->n_actions = pj_record_get_n_actions (self->record);
  job->actions = g_new (PjAction, MAX (job->n_actions, 1u));
  for (guint i = 0; i < job->n_actions; i++)
    job->actions[i] = *pj_record_get_action (self->record, i);
  n_players = pj_record_get_rules (self->record)->players;
  job->seats = self->seats & ((1u << n_players) - 1);
  if (job->seats == 0)
    job->seats = (1u << n_players) - 1;
  job->iterations = self->iterations;
  if (job->iterations == 0)
    job->iterations = pj_review_default_iterations (pj_record_get_rules (self->record));
  job->seed = pj_record_get_seed (self->record);
  pj_search_cancel_init (&job->cancel, cancellable);
  return job;
}

static void
job_free (gpointer data)
{
  Job *job = data;

  pj_search_cancel_clear (&job->cancel);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_free (job->actions);
  g_free (job);
}

static PjReviewLabel
label_for_loss (double loss)
{
  double points = loss * 100.0;

  if (points < 2.0)
    return PJ_REVIEW_GOOD;
  if (points < 5.0)
    return PJ_REVIEW_INACCURACY;
  if (points < 12.0)
    return PJ_REVIEW_MISTAKE;
  return PJ_REVIEW_BLUNDER;
}

/* The seed of one decision: the game's seed and the action's place, so a
 * review gives the same figures every time and on every machine. */
static guint64
decision_seed (guint64 game_seed,
               guint   index)
{
  return pj_seed_mix (game_seed ^ pj_seed_mix (0x7265766965770000ull + index));
}

static gboolean
needs_rating (const Job     *job,
              const PjState *before,
              PjActionList  *list)
{
  if (!(job->seats & (1u << before->actor)))
    return FALSE;
  pj_legal_actions (before, list);
  return list->n > 1;
}

typedef void (*ProgressFunc) (Job *job, double progress);

/* Rate every decision; NULL when cancelled. */
static GArray *
job_run (Job          *job,
         ProgressFunc  progress)
{
  g_autoptr (GArray) entries = entries_new ();
  PjActionList list;
  PjState s;
  guint total = 0, rated = 0;

  pj_action_list_init (&list);

  /* first how many, for the progress */
  s = job->start;
  for (guint i = 0; i < job->n_actions; i++)
    {
      total += needs_rating (job, &s, &list);
      pj_state_apply (&s, &job->actions[i]);
    }

  s = job->start;
  for (guint i = 0; i < job->n_actions && !pj_ai_cancel_is_raised (&job->cancel.flag); i++)
    {
      const PjAction *played = &job->actions[i];

      if (needs_rating (job, &s, &list))
        {
          PjAiBudget budget = { .iterations = job->iterations };
          PjAiRating ratings[MAX_RATINGS];
          guint n = pj_ai_rate_actions (&s, &budget, decision_seed (job->seed, i), played,
                                        ratings, G_N_ELEMENTS (ratings), &job->cancel.flag);
          double win_played = -1;

          for (guint k = 0; k < n; k++)
            if (pj_action_equal (&ratings[k].action, played))
              win_played = ratings[k].win;
          /* n == 0: cancelled (checked by the loop), or an action the search
           * does not know as legal; neither is rated */
          if (n > 0 && win_played >= 0)
            {
              PjReviewEntry e = {
                .index = i,
                .seat = s.actor,
                .played = *played,
                .win_played = win_played,
                .turn = s.turn_number,
              };

              if (ratings[0].win > win_played && !pj_action_equal (&ratings[0].action, played))
                {
                  e.best = ratings[0].action;
                  e.win_best = ratings[0].win;
                }
              else
                {
                  e.best = *played;
                  e.win_best = win_played;
                }
              e.loss = MAX (e.win_best - e.win_played, 0.0);
              e.label = label_for_loss (e.loss);
              if (e.label != PJ_REVIEW_GOOD)
                e.reason = _pj_review_describe_better (&s, &e.best);
              g_array_append_val (entries, e);
            }
          rated++;
          if (!pj_ai_cancel_is_raised (&job->cancel.flag))
            progress (job, (double) rated / total);
        }
      pj_state_apply (&s, played);
    }
  pj_action_list_clear (&list);
  if (pj_ai_cancel_is_raised (&job->cancel.flag))
    return NULL;
  return g_steal_pointer (&entries);
}

/* ---- progress and results, on the caller's side ---------------------- */

static void
set_progress (PjReview *self,
              double    progress)
{
  /* monotonic, whatever order the updates arrive in */
  if (progress <= self->progress)
    return;
  self->progress = MIN (progress, 1.0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

static void
install (PjReview *self,
         GArray   *entries)
{
  g_clear_pointer (&self->entries, g_array_unref);
  self->entries = entries;
  self->running = FALSE;
  set_progress (self, 1.0);
  self->done = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DONE]);
}

static void
progress_direct (Job    *job,
                 double  progress)
{
  set_progress (job->self, progress);
}

typedef struct {
  PjReview *self;
  double    progress;
} ProgressUpdate;

static gboolean
progress_idle (gpointer data)
{
  ProgressUpdate *u = data;

  if (u->self->running)
    set_progress (u->self, u->progress);
  return G_SOURCE_REMOVE;
}

static void
progress_update_free (gpointer data)
{
  ProgressUpdate *u = data;

  g_object_unref (u->self);
  g_free (u);
}

/* On the worker: hand the figure to the main context the review was
 * started from; properties are never notified from the worker. */
static void
progress_invoke (Job    *job,
                 double  progress)
{
  ProgressUpdate *u = g_new (ProgressUpdate, 1);
  g_autoptr (GSource) source = NULL;

  u->self = g_object_ref (job->self);
  u->progress = progress;
  source = g_idle_source_new ();
  /* always a source on the caller's context: g_main_context_invoke() would
   * run the update right here, in the worker, whenever no thread happens to
   * own that context (a test iterating the loop by hand, say) */
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, progress_idle, u, progress_update_free);
  g_source_set_static_name (source, "[pegs-and-jokers] review progress");
  g_source_attach (source, job->context);
}

static void
review_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  GArray *entries = job_run (task_data, progress_invoke);

  if (entries == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                             _("The review was cancelled"));
  else
    g_task_return_pointer (task, entries, (GDestroyNotify) g_array_unref);
}

/* ---- GObject --------------------------------------------------------- */

static void
pj_review_finalize (GObject *object)
{
  PjReview *self = (PjReview *) object;

  g_clear_pointer (&self->record, pj_record_unref);
  g_clear_pointer (&self->entries, g_array_unref);

  G_OBJECT_CLASS (pj_review_parent_class)->finalize (object);
}

static void
pj_review_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  PjReview *self = PJ_REVIEW (object);

  switch (prop_id)
    {
    case PROP_RECORD:
      g_value_set_boxed (value, self->record);
      break;

    case PROP_SEATS:
      g_value_set_uint (value, self->seats);
      break;

    case PROP_ITERATIONS:
      g_value_set_uint (value, self->iterations);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    case PROP_DONE:
      g_value_set_boolean (value, self->done);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_review_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  PjReview *self = PJ_REVIEW (object);

  switch (prop_id)
    {
    case PROP_RECORD:
      self->record = g_value_dup_boxed (value);
      break;

    case PROP_SEATS:
      self->seats = g_value_get_uint (value);
      break;

    case PROP_ITERATIONS:
      self->iterations = g_value_get_uint (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
pj_review_class_init (PjReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = pj_review_finalize;
  object_class->get_property = pj_review_get_property;
  object_class->set_property = pj_review_set_property;

  properties[PROP_RECORD] =
    g_param_spec_boxed ("record", NULL, NULL, PJ_TYPE_RECORD,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEATS] =
    g_param_spec_uint ("seats", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ITERATIONS] =
    g_param_spec_uint ("iterations", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DONE] =
    g_param_spec_boolean ("done", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
pj_review_init (PjReview *self)
{
  self->entries = entries_new ();
}

/* ---- public API ------------------------------------------------------ */

PjReview *
pj_review_new (PjRecord *record,
               guint     seats,
               guint     iterations)
{
  g_return_val_if_fail (record != NULL, NULL);

  return g_object_new (PJ_TYPE_REVIEW,
                       "record", record,
                       "seats", seats,
                       "iterations", iterations,
                       NULL);
}

guint
pj_review_default_iterations (const PjRules *rules)
{
  /* a fraction of the hard player's own budget (which already shrinks at
   * bigger tables): the review rates every decision of a game, the player
   * one at a time */
  return MAX (pj_ai_default_iterations (rules) / PJ_REVIEW_ITERATIONS_DIVISOR, 64u);
}

static void
start (PjReview *self)
{
  g_clear_pointer (&self->entries, g_array_unref);
  self->entries = entries_new ();
  self->running = TRUE;
  self->done = FALSE;
  self->progress = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DONE]);
}

/* Back on the caller's context, after every progress update (they were
 * queued first): keep the results, then tell the caller. The worker's task
 * holds no reference to the review, so none is dropped on the worker. */
static void
on_worker_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  PjReview *self = g_task_get_source_object (task);
  GError *error = NULL;
  GArray *entries = g_task_propagate_pointer (G_TASK (result), &error);

  if (entries == NULL)
    {
      self->running = FALSE;
      g_task_return_error (task, error);
      return;
    }
  install (self, entries);
  g_task_return_boolean (task, TRUE);
}

void
pj_review_run_async (PjReview            *self,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  GTask *task;
  g_autoptr (GTask) worker = NULL;
  Job *job;

  g_return_if_fail (PJ_IS_REVIEW (self));
  g_return_if_fail (!self->running);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  /* the caller's task keeps the review alive until on_worker_done() */
  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, pj_review_run_async);
  start (self);
  job = job_new (self, cancellable);
  job->context = g_main_context_ref_thread_default ();
  job->self = self;
  worker = g_task_new (NULL, cancellable, on_worker_done, task);
  g_task_set_task_data (worker, job, job_free);
  pj_search_run_task (worker, review_thread);
}

gboolean
pj_review_run_finish (PjReview      *self,
                      GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == pj_review_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
pj_review_run (PjReview      *self,
               GCancellable  *cancellable,
               GError       **error)
{
  Job *job;
  GArray *entries;

  g_return_val_if_fail (PJ_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);

  start (self);
  job = job_new (self, cancellable);
  job->self = self;
  entries = job_run (job, progress_direct);
  job_free (job);
  if (entries == NULL)
    {
      self->running = FALSE;
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The review was cancelled"));
      return FALSE;
    }
  install (self, entries);
  return TRUE;
}

PjRecord *
pj_review_get_record (PjReview *self)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), NULL);

  return self->record;
}

double
pj_review_get_progress (PjReview *self)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), 0);

  return self->progress;
}

gboolean
pj_review_get_done (PjReview *self)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), FALSE);

  return self->done;
}

guint
pj_review_get_n_entries (PjReview *self)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), 0);

  return self->entries->len;
}

const PjReviewEntry *
pj_review_get_entry (PjReview *self,
                     guint     i)
{
  g_return_val_if_fail (PJ_IS_REVIEW (self), NULL);
  g_return_val_if_fail (i < self->entries->len, NULL);

  return &g_array_index (self->entries, PjReviewEntry, i);
}

const PjReviewEntry *
pj_review_lookup (PjReview *self,
                  guint     index)
{
  guint lo = 0, hi;

  g_return_val_if_fail (PJ_IS_REVIEW (self), NULL);

  /* entries are in the order of the record */
  hi = self->entries->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const PjReviewEntry *e = &g_array_index (self->entries, PjReviewEntry, mid);

      if (e->index == index)
        return e;
      if (e->index < index)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

guint
pj_review_count (PjReview      *self,
                 guint          seat,
                 PjReviewLabel  label)
{
  guint n = 0;

  g_return_val_if_fail (PJ_IS_REVIEW (self), 0);

  for (guint i = 0; i < self->entries->len; i++)
    {
      const PjReviewEntry *e = &g_array_index (self->entries, PjReviewEntry, i);

      n += e->label == label && (seat == G_MAXUINT || e->seat == seat);
    }
  return n;
}

static char *
count_text (PjReviewLabel label,
            guint         n)
{
  switch (label)
    {
    case PJ_REVIEW_INACCURACY:
      return g_strdup_printf (ngettext ("%u inaccuracy", "%u inaccuracies", n), n);
    case PJ_REVIEW_MISTAKE:
      return g_strdup_printf (ngettext ("%u mistake", "%u mistakes", n), n);
    case PJ_REVIEW_BLUNDER:
      return g_strdup_printf (ngettext ("%u blunder", "%u blunders", n), n);
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
pj_review_summary (PjReview *self,
                   guint     seat)
{
  g_autoptr (GString) text = g_string_new (NULL);

  g_return_val_if_fail (PJ_IS_REVIEW (self), NULL);

  /* one to three parts, mildest first, as in "2 mistakes, 1 blunder" */
  for (PjReviewLabel label = PJ_REVIEW_INACCURACY; label < PJ_REVIEW_N_LABELS; label++)
    {
      guint n = pj_review_count (self, seat, label);
      g_autofree char *part = NULL;

      if (n == 0)
        continue;
      part = count_text (label, n);
      if (text->len > 0)
        /* Translators: between the parts of a review summary, "1 inaccuracy, 2 mistakes" */
        g_string_append (text, C_("review summary", ", "));
      g_string_append (text, part);
    }
  if (text->len == 0)
    return g_strdup (_("No mistakes"));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static const char *const label_names[PJ_REVIEW_N_LABELS] = {
  "good", "inaccuracy", "mistake", "blunder",
};

const char *
pj_review_label_name (PjReviewLabel label)
{
  g_return_val_if_fail (label < PJ_REVIEW_N_LABELS, NULL);

  return label_names[label];
}

const char *
pj_review_label_text (PjReviewLabel label)
{
  switch (label)
    {
    case PJ_REVIEW_GOOD:
      /* Translators: a move rated by the game review */
      return C_("review", "Good");
    case PJ_REVIEW_INACCURACY:
      return C_("review", "Inaccuracy");
    case PJ_REVIEW_MISTAKE:
      return C_("review", "Mistake");
    case PJ_REVIEW_BLUNDER:
      return C_("review", "Blunder");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* ---- JSON (the CLI's `review --json`; schema in pj-review.h) ---------- */

static gboolean
is_reviewed (PjReview *self,
             guint     seat)
{
  guint players = pj_record_get_n_seats (self->record);
  guint mask = self->seats & ((1u << players) - 1);

  return mask == 0 || (mask & (1u << seat));
}

char *
pj_review_to_json (PjReview *self)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autoptr (JsonNode) root = NULL;
  const PjRecord *record;
  const PjState *end;
  g_autofree char *rules = NULL;
  g_autofree char *seed = NULL;
  g_autofree char *text = NULL;
  PjState s;
  guint next = 0;

  g_return_val_if_fail (PJ_IS_REVIEW (self), NULL);

  record = self->record;
  end = pj_record_get_state (record);
  rules = pj_rules_to_string (pj_record_get_rules (record));
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, pj_record_get_seed (record));

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "version");
  json_builder_add_int_value (b, 1);

  json_builder_set_member_name (b, "game");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rules");
  json_builder_add_string_value (b, rules);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  json_builder_set_member_name (b, "title");
  if (pj_record_get_title (record))
    json_builder_add_string_value (b, pj_record_get_title (record));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "actions");
  json_builder_add_int_value (b, pj_record_get_n_actions (record));
  json_builder_set_member_name (b, "winner");
  if (end->phase == PJ_PHASE_OVER)
    json_builder_add_int_value (b, end->winner);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "iterations");
  json_builder_add_int_value (b, self->iterations ? self->iterations
                                                  : pj_review_default_iterations (&end->rules));
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, self->done);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint i = 0; i < pj_record_get_n_seats (record); i++)
    {
      const PjSeat *seat = pj_record_get_seat (record, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "seat");
      json_builder_add_int_value (b, i);
      json_builder_set_member_name (b, "colour");
      json_builder_add_string_value (b, pj_colour_name (i));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, seat->name);
      json_builder_set_member_name (b, "controller");
      json_builder_add_string_value (b, pj_controller_to_id (seat->controller));
      json_builder_set_member_name (b, "reviewed");
      json_builder_add_boolean_value (b, is_reviewed (self, i));
      json_builder_set_member_name (b, "good");
      json_builder_add_int_value (b, pj_review_count (self, i, PJ_REVIEW_GOOD));
      json_builder_set_member_name (b, "inaccuracies");
      json_builder_add_int_value (b, pj_review_count (self, i, PJ_REVIEW_INACCURACY));
      json_builder_set_member_name (b, "mistakes");
      json_builder_add_int_value (b, pj_review_count (self, i, PJ_REVIEW_MISTAKE));
      json_builder_set_member_name (b, "blunders");
      json_builder_add_int_value (b, pj_review_count (self, i, PJ_REVIEW_BLUNDER));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  /* the notation needs the position before each action: one replay */
  json_builder_set_member_name (b, "decisions");
  json_builder_begin_array (b);
  pj_record_state_at (record, 0, &s);
  for (guint i = 0; i < pj_record_get_n_actions (record) && next < self->entries->len; i++)
    {
      const PjReviewEntry *e = &g_array_index (self->entries, PjReviewEntry, next);

      if (e->index == i)
        {
          g_autofree char *played = pj_action_to_string (&s, &e->played);
          g_autofree char *best = pj_action_to_string (&s, &e->best);

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "index");
          json_builder_add_int_value (b, e->index);
          json_builder_set_member_name (b, "turn");
          json_builder_add_int_value (b, e->turn);
          json_builder_set_member_name (b, "seat");
          json_builder_add_int_value (b, e->seat);
          json_builder_set_member_name (b, "played");
          json_builder_add_string_value (b, played);
          json_builder_set_member_name (b, "best");
          json_builder_add_string_value (b, best);
          json_builder_set_member_name (b, "win_played");
          json_builder_add_double_value (b, e->win_played);
          json_builder_set_member_name (b, "win_best");
          json_builder_add_double_value (b, e->win_best);
          json_builder_set_member_name (b, "loss");
          json_builder_add_double_value (b, e->loss);
          json_builder_set_member_name (b, "label");
          json_builder_add_string_value (b, pj_review_label_name (e->label));
          json_builder_set_member_name (b, "reason");
          if (e->reason)
            json_builder_add_string_value (b, e->reason);
          else
            json_builder_add_null_value (b);
          json_builder_end_object (b);
          next++;
        }
      pj_state_apply (&s, pj_record_get_action (record, i));
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  json_generator_set_pretty (gen, TRUE);
  text = json_generator_to_data (gen, NULL);
  return g_strconcat (text, "\n", NULL);
}
