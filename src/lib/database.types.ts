export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "12"
  }
  public: {
    Tables: {
      activity_logs: {
        Row: {
          created_at: string
          event_key: string | null
          event_name: string
          id: number
          json: NonNullable<Json>
          user_id: string
        }
        Insert: {
          created_at?: string
          event_key?: string | null
          event_name: string
          id?: number
          json?: NonNullable<Json>
          user_id: string
        }
        Update: {
          created_at?: string
          event_key?: string | null
          event_name?: string
          id?: number
          json?: NonNullable<Json>
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "activity_logs_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_logs_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      admins: {
        Row: {
          created_at: string
          id: string
        }
        Insert: {
          created_at?: string
          id: string
        }
        Update: {
          created_at?: string
          id?: string
        }
        Relationships: []
      }
      blog_posts: {
        Row: {
          banner_url: string | null
          body_html: string
          category: string | null
          excerpt: string | null
          published_at: string | null
          slug: string
          title: string
        }
        Insert: {
          banner_url?: string | null
          body_html?: string
          category?: string | null
          excerpt?: string | null
          published_at?: string | null
          slug: string
          title: string
        }
        Update: {
          banner_url?: string | null
          body_html?: string
          category?: string | null
          excerpt?: string | null
          published_at?: string | null
          slug?: string
          title?: string
        }
        Relationships: []
      }
      chat_messages: {
        Row: {
          created_at: string
          id: number
          league_id: string | null
          message: string
          quiniela_id: number | null
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: number
          league_id?: string | null
          message: string
          quiniela_id?: number | null
          user_id: string
        }
        Update: {
          created_at?: string
          id?: number
          league_id?: string | null
          message?: string
          quiniela_id?: number | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "chat_messages_league_id_fkey"
            columns: ["league_id"]
            isOneToOne: false
            referencedRelation: "leagues"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "chat_messages_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "chat_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "chat_messages_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      clubs: {
        Row: {
          id: number
          league: string
          logo_url: string | null
          name: string
          provider_team_id: number | null
          short_name: string | null
        }
        Insert: {
          id?: number
          league: string
          logo_url?: string | null
          name: string
          provider_team_id?: number | null
          short_name?: string | null
        }
        Update: {
          id?: number
          league?: string
          logo_url?: string | null
          name?: string
          provider_team_id?: number | null
          short_name?: string | null
        }
        Relationships: []
      }
      daily_game_picks: {
        Row: {
          answer: string
          created_at: string
          daily_game_id: number
          updated_at: string
          user_id: string
        }
        Insert: {
          answer: string
          created_at?: string
          daily_game_id: number
          updated_at?: string
          user_id: string
        }
        Update: {
          answer?: string
          created_at?: string
          daily_game_id?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "daily_game_picks_daily_game_id_fkey"
            columns: ["daily_game_id"]
            isOneToOne: false
            referencedRelation: "daily_games"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "daily_game_picks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "daily_game_picks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      daily_games: {
        Row: {
          correct_answer: string | null
          created_at: string
          game_date: string
          game_type: string
          id: number
          lock_date: string
          metadata: NonNullable<Json>
          points: number
          question: string
          scored_answer: string | null
          scored_at: string | null
          scored_points: number | null
        }
        Insert: {
          correct_answer?: string | null
          created_at?: string
          game_date: string
          game_type: string
          id?: number
          lock_date?: string
          metadata?: NonNullable<Json>
          points?: number
          question: string
          scored_answer?: string | null
          scored_at?: string | null
          scored_points?: number | null
        }
        Update: {
          correct_answer?: string | null
          created_at?: string
          game_date?: string
          game_type?: string
          id?: number
          lock_date?: string
          metadata?: NonNullable<Json>
          points?: number
          question?: string
          scored_answer?: string | null
          scored_at?: string | null
          scored_points?: number | null
        }
        Relationships: []
      }
      daily_scores: {
        Row: {
          daily_game_id: number
          points: number
          user_id: string
        }
        Insert: {
          daily_game_id: number
          points?: number
          user_id: string
        }
        Update: {
          daily_game_id?: number
          points?: number
          user_id?: string
        }
        Relationships: []
      }
      friends: {
        Row: {
          created_at: string
          friend_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          friend_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          friend_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "friends_friend_id_fkey"
            columns: ["friend_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "friends_friend_id_fkey"
            columns: ["friend_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "friends_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "friends_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      league_members: {
        Row: {
          joined_at: string
          league_id: string
          user_id: string
        }
        Insert: {
          joined_at?: string
          league_id: string
          user_id: string
        }
        Update: {
          joined_at?: string
          league_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "league_members_league_id_fkey"
            columns: ["league_id"]
            isOneToOne: false
            referencedRelation: "leagues"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "league_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "league_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      league_reminders: {
        Row: {
          created_at: string
          league_id: string
          queued: number
          quiniela_id: number
          sent_by: string | null
        }
        Insert: {
          created_at?: string
          league_id: string
          queued?: number
          quiniela_id: number
          sent_by?: string | null
        }
        Update: {
          created_at?: string
          league_id?: string
          queued?: number
          quiniela_id?: number
          sent_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "league_reminders_league_id_fkey"
            columns: ["league_id"]
            isOneToOne: false
            referencedRelation: "leagues"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "league_reminders_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "league_reminders_sent_by_fkey"
            columns: ["sent_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "league_reminders_sent_by_fkey"
            columns: ["sent_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      leagues: {
        Row: {
          code: string
          created_at: string
          created_by: string | null
          id: string
          name: string
          owner_id: string
          prize_note: string | null
        }
        Insert: {
          code: string
          created_at?: string
          created_by?: string | null
          id?: string
          name: string
          owner_id: string
          prize_note?: string | null
        }
        Update: {
          code?: string
          created_at?: string
          created_by?: string | null
          id?: string
          name?: string
          owner_id?: string
          prize_note?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "leagues_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "leagues_created_by_fkey"
            columns: ["created_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "leagues_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "leagues_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      live_feed: {
        Row: {
          daily_limit: number | null
          daily_remaining: number | null
          failures: number
          id: number
          last_success_at: string | null
          minute_limit: number | null
          minute_remaining: number | null
          next_request_at: string | null
          paused_since: string | null
          polling_until: string | null
          reason: string | null
          state: string
          updated_at: string
        }
        Insert: {
          daily_limit?: number | null
          daily_remaining?: number | null
          failures?: number
          id?: number
          last_success_at?: string | null
          minute_limit?: number | null
          minute_remaining?: number | null
          next_request_at?: string | null
          paused_since?: string | null
          polling_until?: string | null
          reason?: string | null
          state?: string
          updated_at?: string
        }
        Update: {
          daily_limit?: number | null
          daily_remaining?: number | null
          failures?: number
          id?: number
          last_success_at?: string | null
          minute_limit?: number | null
          minute_remaining?: number | null
          next_request_at?: string | null
          paused_since?: string | null
          polling_until?: string | null
          reason?: string | null
          state?: string
          updated_at?: string
        }
        Relationships: []
      }
      match_live: {
        Row: {
          away_goals: number | null
          changed_at: string
          checked_at: string
          elapsed: number | null
          extra: number | null
          feed_kickoff_at: string | null
          final_whistle_at: string | null
          fixture_id: number
          ft_away: number | null
          ft_home: number | null
          home_goals: number | null
          match_id: number
          proposed_result: string | null
          quiniela_id: number
          result_changed_at: string | null
          status: string
          stopped_at: string | null
          void_told_at: string | null
        }
        Insert: {
          away_goals?: number | null
          changed_at?: string
          checked_at?: string
          elapsed?: number | null
          extra?: number | null
          feed_kickoff_at?: string | null
          final_whistle_at?: string | null
          fixture_id: number
          ft_away?: number | null
          ft_home?: number | null
          home_goals?: number | null
          match_id: number
          proposed_result?: string | null
          quiniela_id: number
          result_changed_at?: string | null
          status: string
          stopped_at?: string | null
          void_told_at?: string | null
        }
        Update: {
          away_goals?: number | null
          changed_at?: string
          checked_at?: string
          elapsed?: number | null
          extra?: number | null
          feed_kickoff_at?: string | null
          final_whistle_at?: string | null
          fixture_id?: number
          ft_away?: number | null
          ft_home?: number | null
          home_goals?: number | null
          match_id?: number
          proposed_result?: string | null
          quiniela_id?: number
          result_changed_at?: string | null
          status?: string
          stopped_at?: string | null
          void_told_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "match_live_match_id_fkey"
            columns: ["match_id"]
            isOneToOne: true
            referencedRelation: "matches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "match_live_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      matches: {
        Row: {
          away_club_id: number | null
          away_team: string
          correct_result: string | null
          home_club_id: number | null
          home_team: string
          id: number
          kickoff_at: string | null
          match_order: number
          provider_fixture_id: number | null
          quiniela_id: number
          special_bonus_points: number
          underdog_bonus_points: number
          underdog_bonus_side: string | null
          voided_at: string | null
        }
        Insert: {
          away_club_id?: number | null
          away_team: string
          correct_result?: string | null
          home_club_id?: number | null
          home_team: string
          id?: number
          kickoff_at?: string | null
          match_order: number
          provider_fixture_id?: number | null
          quiniela_id: number
          special_bonus_points?: number
          underdog_bonus_points?: number
          underdog_bonus_side?: string | null
          voided_at?: string | null
        }
        Update: {
          away_club_id?: number | null
          away_team?: string
          correct_result?: string | null
          home_club_id?: number | null
          home_team?: string
          id?: number
          kickoff_at?: string | null
          match_order?: number
          provider_fixture_id?: number | null
          quiniela_id?: number
          special_bonus_points?: number
          underdog_bonus_points?: number
          underdog_bonus_side?: string | null
          voided_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "matches_away_club_id_fkey"
            columns: ["away_club_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "matches_home_club_id_fkey"
            columns: ["home_club_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "matches_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      monthly_standings: {
        Row: {
          daily_points: number
          month: number
          podium_daily: boolean
          podium_total: boolean
          podium_weekly: boolean
          referral_points: number
          total_points: number
          user_id: string
          weekly_points: number
          year: number
        }
        Insert: {
          daily_points?: number
          month: number
          podium_daily?: boolean
          podium_total?: boolean
          podium_weekly?: boolean
          referral_points?: number
          total_points?: number
          user_id: string
          weekly_points?: number
          year: number
        }
        Update: {
          daily_points?: number
          month?: number
          podium_daily?: boolean
          podium_total?: boolean
          podium_weekly?: boolean
          referral_points?: number
          total_points?: number
          user_id?: string
          weekly_points?: number
          year?: number
        }
        Relationships: []
      }
      notification_batches: {
        Row: {
          created_at: string
          failed: number
          finished_at: string | null
          id: string
          kind: string
          quiniela_id: number | null
          sent: number
          started_by: string | null
          total: number
        }
        Insert: {
          created_at?: string
          failed?: number
          finished_at?: string | null
          id: string
          kind: string
          quiniela_id?: number | null
          sent?: number
          started_by?: string | null
          total: number
        }
        Update: {
          created_at?: string
          failed?: number
          finished_at?: string | null
          id?: string
          kind?: string
          quiniela_id?: number | null
          sent?: number
          started_by?: string | null
          total?: number
        }
        Relationships: []
      }
      notification_outbox: {
        Row: {
          attempts: number
          blog_slug: string | null
          channel: string
          created_at: string
          daily_game_id: number | null
          dedupe_key: string
          id: number
          kind: string
          last_error: string | null
          next_attempt_at: string
          payload: NonNullable<Json>
          quiniela_id: number | null
          sent_at: string | null
          state: string
          user_id: string | null
        }
        Insert: {
          attempts?: number
          blog_slug?: string | null
          channel: string
          created_at?: string
          daily_game_id?: number | null
          dedupe_key: string
          id?: never
          kind: string
          last_error?: string | null
          next_attempt_at?: string
          payload: NonNullable<Json>
          quiniela_id?: number | null
          sent_at?: string | null
          state?: string
          user_id?: string | null
        }
        Update: {
          attempts?: number
          blog_slug?: string | null
          channel?: string
          created_at?: string
          daily_game_id?: number | null
          dedupe_key?: string
          id?: never
          kind?: string
          last_error?: string | null
          next_attempt_at?: string
          payload?: NonNullable<Json>
          quiniela_id?: number | null
          sent_at?: string | null
          state?: string
          user_id?: string | null
        }
        Relationships: []
      }
      notification_preferences: {
        Row: {
          goal_alerts: boolean
          new_blog: boolean
          new_quinielazo: boolean
          news_updates: boolean
          points_ready: boolean
          remind_boost: boolean
          remind_quinielazo: boolean
          user_id: string
        }
        Insert: {
          goal_alerts?: boolean
          new_blog?: boolean
          new_quinielazo?: boolean
          news_updates?: boolean
          points_ready?: boolean
          remind_boost?: boolean
          remind_quinielazo?: boolean
          user_id: string
        }
        Update: {
          goal_alerts?: boolean
          new_blog?: boolean
          new_quinielazo?: boolean
          news_updates?: boolean
          points_ready?: boolean
          remind_boost?: boolean
          remind_quinielazo?: boolean
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      paid_entries: {
        Row: {
          created_at: string
          id: number
          label: string | null
          payment_id: number | null
          quiniela_id: number
          user_id: string
          voided_at: string | null
        }
        Insert: {
          created_at?: string
          id?: number
          label?: string | null
          payment_id?: number | null
          quiniela_id: number
          user_id: string
          voided_at?: string | null
        }
        Update: {
          created_at?: string
          id?: number
          label?: string | null
          payment_id?: number | null
          quiniela_id?: number
          user_id?: string
          voided_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "paid_entries_payment_id_fkey"
            columns: ["payment_id"]
            isOneToOne: false
            referencedRelation: "payments"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "paid_entries_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "paid_entries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "paid_entries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      paid_picks: {
        Row: {
          match_id: number
          paid_entry_id: number
          quiniela_id: number
          result: string
          updated_at: string
        }
        Insert: {
          match_id: number
          paid_entry_id: number
          quiniela_id: number
          result: string
          updated_at?: string
        }
        Update: {
          match_id?: number
          paid_entry_id?: number
          quiniela_id?: number
          result?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "paid_picks_match_id_fkey"
            columns: ["match_id"]
            isOneToOne: false
            referencedRelation: "matches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "paid_picks_paid_entry_id_fkey"
            columns: ["paid_entry_id"]
            isOneToOne: false
            referencedRelation: "paid_entries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "paid_picks_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      payments: {
        Row: {
          amount_mxn: number | null
          checkout_id: string | null
          created_at: string
          credited_at: string | null
          currency: string | null
          id: number
          ledger_tag: string
          outcome: string
          outcome_detail: string | null
          pack_type: string | null
          pool_mxn: number
          provider: string
          provider_payment_id: string
          quiniela_id: number | null
          refund_id: string | null
          refund_mailed_at: string | null
          refund_requested_at: string | null
          status: string
          updated_at: string
          user_id: string | null
          voided_at: string | null
        }
        Insert: {
          amount_mxn?: number | null
          checkout_id?: string | null
          created_at?: string
          credited_at?: string | null
          currency?: string | null
          id?: number
          ledger_tag?: string
          outcome: string
          outcome_detail?: string | null
          pack_type?: string | null
          pool_mxn?: number
          provider?: string
          provider_payment_id: string
          quiniela_id?: number | null
          refund_id?: string | null
          refund_mailed_at?: string | null
          refund_requested_at?: string | null
          status: string
          updated_at?: string
          user_id?: string | null
          voided_at?: string | null
        }
        Update: {
          amount_mxn?: number | null
          checkout_id?: string | null
          created_at?: string
          credited_at?: string | null
          currency?: string | null
          id?: number
          ledger_tag?: string
          outcome?: string
          outcome_detail?: string | null
          pack_type?: string | null
          pool_mxn?: number
          provider?: string
          provider_payment_id?: string
          quiniela_id?: number | null
          refund_id?: string | null
          refund_mailed_at?: string | null
          refund_requested_at?: string | null
          status?: string
          updated_at?: string
          user_id?: string | null
          voided_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "payments_checkout_id_fkey"
            columns: ["checkout_id"]
            isOneToOne: false
            referencedRelation: "pro_checkouts"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_pack_type_fkey"
            columns: ["pack_type"]
            isOneToOne: false
            referencedRelation: "pro_packs"
            referencedColumns: ["pack_type"]
          },
          {
            foreignKeyName: "payments_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "payments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      picks: {
        Row: {
          created_at: string
          match_id: number
          quiniela_id: number
          result: string
          updated_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          match_id: number
          quiniela_id: number
          result: string
          updated_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          match_id?: number
          quiniela_id?: number
          result?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "picks_match_id_fkey"
            columns: ["match_id"]
            isOneToOne: false
            referencedRelation: "matches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "picks_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "picks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "picks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      poll_votes: {
        Row: {
          created_at: string
          id: number
          option: string | null
          poll_id: number
          text_answer: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: number
          option?: string | null
          poll_id: number
          text_answer?: string | null
          user_id: string
        }
        Update: {
          created_at?: string
          id?: number
          option?: string | null
          poll_id?: number
          text_answer?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "poll_votes_poll_id_fkey"
            columns: ["poll_id"]
            isOneToOne: false
            referencedRelation: "polls"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "poll_votes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "poll_votes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      polls: {
        Row: {
          allow_text: boolean
          created_at: string
          id: number
          is_active: boolean
          kind: string
          options: string[]
          question: string
        }
        Insert: {
          allow_text?: boolean
          created_at?: string
          id?: number
          is_active?: boolean
          kind?: string
          options?: string[]
          question: string
        }
        Update: {
          allow_text?: boolean
          created_at?: string
          id?: number
          is_active?: boolean
          kind?: string
          options?: string[]
          question?: string
        }
        Relationships: []
      }
      prizes: {
        Row: {
          amount_mxn: number
          effective_from: string
          kind: string
          place: number
        }
        Insert: {
          amount_mxn: number
          effective_from: string
          kind: string
          place: number
        }
        Update: {
          amount_mxn?: number
          effective_from?: string
          kind?: string
          place?: number
        }
        Relationships: []
      }
      pro_checkouts: {
        Row: {
          created_at: string
          id: string
          pack_type: string
          preference_id: string | null
          price_mxn: number
          quiniela_id: number
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          pack_type: string
          preference_id?: string | null
          price_mxn: number
          quiniela_id: number
          user_id: string
        }
        Update: {
          created_at?: string
          id?: string
          pack_type?: string
          preference_id?: string | null
          price_mxn?: number
          quiniela_id?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "pro_checkouts_pack_type_fkey"
            columns: ["pack_type"]
            isOneToOne: false
            referencedRelation: "pro_packs"
            referencedColumns: ["pack_type"]
          },
          {
            foreignKeyName: "pro_checkouts_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pro_checkouts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pro_checkouts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      pro_packs: {
        Row: {
          entries: number
          pack_type: string
          pool_mxn: number
          price_mxn: number
          title: string
        }
        Insert: {
          entries: number
          pack_type: string
          pool_mxn: number
          price_mxn: number
          title: string
        }
        Update: {
          entries?: number
          pack_type?: string
          pool_mxn?: number
          price_mxn?: number
          title?: string
        }
        Relationships: []
      }
      pro_payouts: {
        Row: {
          entry_id: number
          paid_by_house: boolean
          points: number
          quiniela_id: number
          share_mxn: number
        }
        Insert: {
          entry_id: number
          paid_by_house?: boolean
          points: number
          quiniela_id: number
          share_mxn: number
        }
        Update: {
          entry_id?: number
          paid_by_house?: boolean
          points?: number
          quiniela_id?: number
          share_mxn?: number
        }
        Relationships: [
          {
            foreignKeyName: "pro_payouts_entry_id_fkey"
            columns: ["entry_id"]
            isOneToOne: false
            referencedRelation: "paid_entries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pro_payouts_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "pro_round_closings"
            referencedColumns: ["quiniela_id"]
          },
        ]
      }
      pro_round_closings: {
        Row: {
          entries: number
          fixed_at: string
          players: number
          pool_mxn: number
          quiniela_id: number
        }
        Insert: {
          entries: number
          fixed_at?: string
          players: number
          pool_mxn: number
          quiniela_id: number
        }
        Update: {
          entries?: number
          fixed_at?: string
          players?: number
          pool_mxn?: number
          quiniela_id?: number
        }
        Relationships: [
          {
            foreignKeyName: "pro_round_closings_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: true
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          adult_confirmed_at: string | null
          created_at: string
          email: string | null
          favorite_club_id: number | null
          id: string
          newsletter_opt_in: boolean
          referral_code: string
          referred_by: string | null
          username: string
        }
        Insert: {
          adult_confirmed_at?: string | null
          created_at?: string
          email?: string | null
          favorite_club_id?: number | null
          id: string
          newsletter_opt_in?: boolean
          referral_code?: string
          referred_by?: string | null
          username: string
        }
        Update: {
          adult_confirmed_at?: string | null
          created_at?: string
          email?: string | null
          favorite_club_id?: number | null
          id?: string
          newsletter_opt_in?: boolean
          referral_code?: string
          referred_by?: string | null
          username?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_favorite_club_id_fkey"
            columns: ["favorite_club_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "profiles_referred_by_fkey"
            columns: ["referred_by"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "profiles_referred_by_fkey"
            columns: ["referred_by"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      push_subscriptions: {
        Row: {
          auth: string
          created_at: string
          endpoint: string
          failures: number
          id: number
          last_success_at: string | null
          p256dh: string
          user_agent: string | null
          user_id: string
        }
        Insert: {
          auth: string
          created_at?: string
          endpoint: string
          failures?: number
          id?: never
          last_success_at?: string | null
          p256dh: string
          user_agent?: string | null
          user_id?: string
        }
        Update: {
          auth?: string
          created_at?: string
          endpoint?: string
          failures?: number
          id?: never
          last_success_at?: string | null
          p256dh?: string
          user_agent?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "push_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      quinielas: {
        Row: {
          created_at: string
          deadline: string
          finalize_hold: boolean
          id: number
          is_last_of_month: boolean
          name: string
          results_saved: boolean
          week: number
        }
        Insert: {
          created_at?: string
          deadline: string
          finalize_hold?: boolean
          id?: number
          is_last_of_month?: boolean
          name: string
          results_saved?: boolean
          week: number
        }
        Update: {
          created_at?: string
          deadline?: string
          finalize_hold?: boolean
          id?: number
          is_last_of_month?: boolean
          name?: string
          results_saved?: boolean
          week?: number
        }
        Relationships: []
      }
      rank_history: {
        Row: {
          day: string
          rank_total: number
          total_points: number
          user_id: string
        }
        Insert: {
          day: string
          rank_total: number
          total_points: number
          user_id: string
        }
        Update: {
          day?: string
          rank_total?: number
          total_points?: number
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "rank_history_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "rank_history_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      rank_snapshots: {
        Row: {
          month: number
          rank_daily: number | null
          rank_total: number | null
          rank_weekly: number | null
          user_id: string
          year: number
        }
        Insert: {
          month: number
          rank_daily?: number | null
          rank_total?: number | null
          rank_weekly?: number | null
          user_id: string
          year: number
        }
        Update: {
          month?: number
          rank_daily?: number | null
          rank_total?: number | null
          rank_weekly?: number | null
          user_id?: string
          year?: number
        }
        Relationships: [
          {
            foreignKeyName: "rank_snapshots_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "rank_snapshots_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      referral_clicks: {
        Row: {
          created_at: string
          id: number
          referral_code: string
          user_agent: string | null
          visitor_id: string | null
        }
        Insert: {
          created_at?: string
          id?: number
          referral_code: string
          user_agent?: string | null
          visitor_id?: string | null
        }
        Update: {
          created_at?: string
          id?: number
          referral_code?: string
          user_agent?: string | null
          visitor_id?: string | null
        }
        Relationships: []
      }
      referral_tracking: {
        Row: {
          awarded_points: number
          created_at: string
          id: number
          month_awarded: string | null
          referral_used: boolean
          referred_id: string
          referrer_id: string
        }
        Insert: {
          awarded_points?: number
          created_at?: string
          id?: number
          month_awarded?: string | null
          referral_used?: boolean
          referred_id: string
          referrer_id: string
        }
        Update: {
          awarded_points?: number
          created_at?: string
          id?: number
          month_awarded?: string | null
          referral_used?: boolean
          referred_id?: string
          referrer_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "referral_tracking_referred_id_fkey"
            columns: ["referred_id"]
            isOneToOne: true
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "referral_tracking_referred_id_fkey"
            columns: ["referred_id"]
            isOneToOne: true
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "referral_tracking_referrer_id_fkey"
            columns: ["referrer_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "referral_tracking_referrer_id_fkey"
            columns: ["referrer_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      result_corrections: {
        Row: {
          after_finalization: boolean
          at: string
          changed_by: string | null
          id: number
          match_id: number
          new_result: string | null
          old_result: string | null
          quiniela_id: number
          who: string
          why: string | null
        }
        Insert: {
          after_finalization: boolean
          at?: string
          changed_by?: string | null
          id?: never
          match_id: number
          new_result?: string | null
          old_result?: string | null
          quiniela_id: number
          who: string
          why?: string | null
        }
        Update: {
          after_finalization?: boolean
          at?: string
          changed_by?: string | null
          id?: never
          match_id?: number
          new_result?: string | null
          old_result?: string | null
          quiniela_id?: number
          who?: string
          why?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "result_corrections_match_id_fkey"
            columns: ["match_id"]
            isOneToOne: false
            referencedRelation: "matches"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "result_corrections_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      round_finalizations: {
        Row: {
          created_at: string
          error: string | null
          failed_step: string | null
          finished_at: string | null
          id: string
          matches: number | null
          notices: number | null
          notices_queued_at: string | null
          players: number | null
          quiniela_id: number
          results_saved_at: string | null
          scored_at: string | null
          seal_checked_at: string | null
          sealed: boolean | null
          started_by: string | null
        }
        Insert: {
          created_at?: string
          error?: string | null
          failed_step?: string | null
          finished_at?: string | null
          id: string
          matches?: number | null
          notices?: number | null
          notices_queued_at?: string | null
          players?: number | null
          quiniela_id: number
          results_saved_at?: string | null
          scored_at?: string | null
          seal_checked_at?: string | null
          sealed?: boolean | null
          started_by?: string | null
        }
        Update: {
          created_at?: string
          error?: string | null
          failed_step?: string | null
          finished_at?: string | null
          id?: string
          matches?: number | null
          notices?: number | null
          notices_queued_at?: string | null
          players?: number | null
          quiniela_id?: number
          results_saved_at?: string | null
          scored_at?: string | null
          seal_checked_at?: string | null
          sealed?: boolean | null
          started_by?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "round_finalizations_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      round_seal_salts: {
        Row: {
          quiniela_id: number
          salt: string
          user_id: string
        }
        Insert: {
          quiniela_id: number
          salt: string
          user_id: string
        }
        Update: {
          quiniela_id?: number
          salt?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "round_seal_salts_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "round_seal_salts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "round_seal_salts_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      round_seals: {
        Row: {
          leaves: number
          quiniela_id: number
          root: string
          sealed_at: string
        }
        Insert: {
          leaves: number
          quiniela_id: number
          root: string
          sealed_at?: string
        }
        Update: {
          leaves?: number
          quiniela_id?: number
          root?: string
          sealed_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "round_seals_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: true
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
        ]
      }
      scores: {
        Row: {
          bonus_details: string[] | null
          bonuses: NonNullable<Json>
          correct: number
          points: number
          quiniela_id: number
          referral_points: number | null
          updated_at: string
          user_id: string
          profile: {
            adult_confirmed_at: string | null
            created_at: string
            email: string | null
            favorite_club_id: number | null
            id: string
            newsletter_opt_in: boolean
            referral_code: string
            referred_by: string | null
            username: string
          } | null
        }
        Insert: {
          bonus_details?: never
          bonuses?: NonNullable<Json>
          correct?: number
          points?: number
          quiniela_id: number
          referral_points?: never
          updated_at?: string
          user_id: string
        }
        Update: {
          bonus_details?: never
          bonuses?: NonNullable<Json>
          correct?: number
          points?: number
          quiniela_id?: number
          referral_points?: never
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      scoring_bonuses: {
        Row: {
          code: string
          effective_from: string
          label: string
          points: number
        }
        Insert: {
          code: string
          effective_from: string
          label: string
          points: number
        }
        Update: {
          code?: string
          effective_from?: string
          label?: string
          points?: number
        }
        Relationships: []
      }
      scoring_points: {
        Row: {
          correct: number
          effective_from: string
          points: number
        }
        Insert: {
          correct: number
          effective_from: string
          points: number
        }
        Update: {
          correct?: number
          effective_from?: string
          points?: number
        }
        Relationships: []
      }
      standings_histogram: {
        Row: {
          month: number
          players: number
          points: number
          ranking: string
          year: number
        }
        Insert: {
          month: number
          players: number
          points: number
          ranking: string
          year: number
        }
        Update: {
          month?: number
          players?: number
          points?: number
          ranking?: string
          year?: number
        }
        Relationships: []
      }
    }
    Views: {
      monthly_standings_ranked: {
        Row: {
          daily_points: number | null
          month: number | null
          podium_daily: boolean | null
          podium_total: boolean | null
          podium_weekly: boolean | null
          rank_daily: number | null
          rank_total: number | null
          rank_weekly: number | null
          referral_points: number | null
          total_points: number | null
          user_id: string | null
          weekly_points: number | null
          year: number | null
        }
        Relationships: []
      }
      public_profiles: {
        Row: {
          favorite_club_id: number | null
          id: string | null
          referral_code: string | null
          username: string | null
        }
        Insert: {
          favorite_club_id?: number | null
          id?: string | null
          referral_code?: string | null
          username?: string | null
        }
        Update: {
          favorite_club_id?: number | null
          id?: string | null
          referral_code?: string | null
          username?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "profiles_favorite_club_id_fkey"
            columns: ["favorite_club_id"]
            isOneToOne: false
            referencedRelation: "clubs"
            referencedColumns: ["id"]
          },
        ]
      }
      standings_ranks: {
        Row: {
          month: number | null
          players: number | null
          points: number | null
          rank: number | null
          ranking: string | null
          year: number | null
        }
        Relationships: []
      }
    }
    Functions: {
      admin_analytics_30d: { Args: { p_from: string }; Returns: Json }
      admin_create_round: {
        Args: {
          deadline_input: string
          is_last_of_month_input: boolean
          matches_input: Json
          name_input: string
          week_input: number
        }
        Returns: number
      }
      admin_daily_games: {
        Args: { limit_input?: number }
        Returns: {
          answers: number
          correct: number
          correct_answer: string
          game_date: string
          game_type: string
          id: number
          lock_date: string
          metadata: Json
          points: number
          question: string
          scored: number
          scored_at: string
        }[]
      }
      bonuses_for: {
        Args: { month_input: string }
        Returns: {
          code: string
          effective_from: string
          label: string
          points: number
        }[]
        SetofOptions: {
          from: "*"
          to: "scoring_bonuses"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      check_username: { Args: { name: string }; Returns: string }
      claim_notifications: {
        Args: { p_ids?: number[]; p_limit?: number }
        Returns: {
          attempts: number
          channel: string
          email: string
          id: number
          kind: string
          payload: Json
          subscriptions: Json
          user_id: string
          username: string
        }[]
      }
      complete_notifications: {
        Args: { results: Json; subscriptions?: Json }
        Returns: undefined
      }
      confirm_adult: { Args: Record<PropertyKey, never>; Returns: string }
      copy_free_picks_to_paid_entry: {
        Args: { p_entry: number }
        Returns: number
      }
      create_league: {
        Args: { name: string; prize_note?: string }
        Returns: {
          code: string
          id: string
        }[]
      }
      create_round_from_feed: {
        Args: {
          deadline_input: string
          fixtures: Json
          is_last_of_month_input: boolean
          name_input: string
          week_input: number
        }
        Returns: number
      }
      delete_league: { Args: { league_id: string }; Returns: undefined }
      finalize_due_rounds: { Args: Record<PropertyKey, never>; Returns: number }
      finalize_preview: {
        Args: { quiniela_id_input: number }
        Returns: {
          closes: string
          incomplete: number
          matches: number
          players: number
          without_picks: number
        }[]
      }
      find_player: {
        Args: { username_input: string }
        Returns: {
          club_logo_url: string
          id: string
          username: string
        }[]
      }
      fixture_dates_plan: { Args: Record<PropertyKey, never>; Returns: Json }
      get_friends_leaderboard: {
        Args: { month_input: number; year_input: number }
        Returns: {
          club_logo_url: string
          daily_points: number
          favorite_club_id: number
          previous_rank: number
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points: number
          total_points: number
          user_id: string
          username: string
          weekly_points: number
        }[]
      }
      get_home_stats: {
        Args: Record<PropertyKey, never>
        Returns: {
          players: number
          prizes_mxn: number
          winners: number
        }[]
      }
      get_leaderboard_months: {
        Args: Record<PropertyKey, never>
        Returns: {
          month: number
          year: number
        }[]
      }
      get_league_boost_standings: {
        Args: {
          league_id: string
          limit_input?: number
          month_input: number
          year_input: number
        }
        Returns: {
          club_logo_url: string
          daily_points: number
          favorite_club_id: number
          previous_rank: number
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points: number
          total_points: number
          user_id: string
          username: string
          weekly_points: number
        }[]
      }
      get_league_missing_picks: {
        Args: { league_id: string; quiniela_id: number }
        Returns: {
          user_id: string
          username: string
        }[]
      }
      get_league_preview: {
        Args: { code: string }
        Returns: {
          deadline: string
          is_member: boolean
          league_id: string
          member_count: number
          name: string
          owner_username: string
          prize_note: string
          quiniela_id: number
          quiniela_name: string
        }[]
      }
      get_league_round_picks: {
        Args: { league_id: string; quiniela_id: number }
        Returns: {
          correct_result: string
          match_id: number
          result: string
          user_id: string
          username: string
        }[]
      }
      get_league_round_standings: {
        Args: { league_id: string; quiniela_id: number }
        Returns: {
          club_logo_url: string
          correct: number
          favorite_club_id: number
          points: number
          rank: number
          user_id: string
          username: string
        }[]
      }
      get_league_standings: {
        Args: {
          league_id: string
          limit_input?: number
          month_input: number
          year_input: number
        }
        Returns: {
          club_logo_url: string
          daily_points: number
          favorite_club_id: number
          previous_rank: number
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points: number
          total_points: number
          user_id: string
          username: string
          weekly_points: number
        }[]
      }
      get_live_standings: { Args: { quiniela_id_input: number }; Returns: Json }
      get_monthly_leaderboard: {
        Args: {
          limit_input?: number
          month_input: number
          ranking_input?: string
          user_id_input?: string
          year_input: number
        }
        Returns: {
          club_logo_url: string
          daily_points: number
          favorite_club_id: number
          previous_rank: number
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points: number
          total_points: number
          user_id: string
          username: string
          weekly_points: number
        }[]
      }
      get_monthly_prizes: {
        Args: { month_input: number; year_input: number }
        Returns: {
          amount_mxn: number
          rank: number
          user_id: string
          username: string
        }[]
      }
      get_my_daily_games: {
        Args: { since_input: string }
        Returns: {
          answer: string
          answered_at: string
          correct_answer: string
          earned: number
          game_date: string
          game_type: string
          id: number
          lock_date: string
          metadata: Json
          points: number
          question: string
          scored: boolean
        }[]
      }
      get_my_leagues: {
        Args: Record<PropertyKey, never>
        Returns: {
          code: string
          id: string
          is_owner: boolean
          member_count: number
          missing_count: number
          my_rank: number
          name: string
          prize_note: string
          rank_month: string
        }[]
      }
      get_my_referral_stats: {
        Args: Record<PropertyKey, never>
        Returns: {
          active: number
          invited: number
          month_points: number
          monthly_cap: number
          referral_code: string
        }[]
      }
      get_my_round_receipt: {
        Args: { quiniela_id_input: number }
        Returns: {
          leaf: string
          proof: string[]
          root: string
          salt: string
        }[]
      }
      get_poll_results: {
        Args: { poll_id_input: number }
        Returns: {
          option: string
          percent: number
          votes: number
        }[]
      }
      get_rank_history: {
        Args: { month_input: number; user_id_input: string; year_input: number }
        Returns: {
          day: string
          rank_total: number
          total_points: number
        }[]
      }
      get_rank_history_compare: {
        Args: { month_input: number; year_input: number }
        Returns: {
          day: string
          line: string
          rank_total: number
          user_id: string
          username: string
        }[]
      }
      get_round_prizes: {
        Args: { quiniela_id_input: number }
        Returns: {
          amount_mxn: number
          kind: string
          user_id: string
          username: string
        }[]
      }
      get_round_seal: {
        Args: { quiniela_id_input: number }
        Returns: {
          leaves: number
          root: string
          sealed_at: string
        }[]
      }
      get_user_daily_scores_by_month: {
        Args: { month_input: number; user_id_input: string; year_input: number }
        Returns: {
          daily_game_id: number
          game_date: string
          points: number
          question: string
        }[]
      }
      get_user_scores_by_month: {
        Args: { month_input: number; user_id_input: string; year_input: number }
        Returns: {
          bonus_details: string[]
          correct: number
          deadline: string
          points: number
          quiniela_id: number
          quiniela_name: string
          total: number
        }[]
      }
      get_vote_stats: {
        Args: { quiniela_id_input: number }
        Returns: {
          match_id: number
          option: string
          votes: number
        }[]
      }
      hook_before_user_created: { Args: { event: Json }; Returns: Json }
      invisible_characters: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      is_league_member: { Args: { league_id_input: string }; Returns: boolean }
      join_league: { Args: { code: string }; Returns: Json }
      leave_league: { Args: { league_id: string }; Returns: undefined }
      live_messages_due: { Args: Record<PropertyKey, never>; Returns: number[] }
      live_poll_done: { Args: Record<PropertyKey, never>; Returns: undefined }
      live_poll_plan: { Args: Record<PropertyKey, never>; Returns: Json }
      live_read_again: { Args: { round_ids: number[] }; Returns: number }
      live_void_news: { Args: Record<PropertyKey, never>; Returns: Json }
      match_void_after: { Args: Record<PropertyKey, never>; Returns: string }
      mx_instant: { Args: { wall: string }; Returns: string }
      mx_month_start: {
        Args: { month_input: number; year_input: number }
        Returns: string
      }
      mx_time: { Args: { instant: string }; Returns: string }
      new_referral_code: { Args: Record<PropertyKey, never>; Returns: string }
      normalize_daily_answer: {
        Args: { answer: string; game_type: string }
        Returns: string
      }
      normalize_league_text: { Args: { t: string }; Returns: string }
      normalize_username: { Args: { name: string }; Returns: string }
      pick_counts: {
        Args: { pick: string; result: string; voided: boolean }
        Returns: boolean
      }
      points_table_for: {
        Args: { month_input: string }
        Returns: {
          correct: number
          effective_from: string
          points: number
        }[]
        SetofOptions: {
          from: "*"
          to: "scoring_points"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      prize_share: {
        Args: {
          kind_input: string
          month_input: string
          place_input: number
          tied_input: number
        }
        Returns: number
      }
      prizes_for: {
        Args: { month_input: string }
        Returns: {
          amount_mxn: number
          effective_from: string
          kind: string
          place: number
        }[]
        SetofOptions: {
          from: "*"
          to: "prizes"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      pro_ledger: {
        Args: { p_quiniela: number }
        Returns: {
          amount_mxn: number
          at: string
          ledger_tag: string
          outcome: string
          pack_type: string
          pool_mxn: number
        }[]
      }
      pro_payout: {
        Args: { p_quiniela: number }
        Returns: {
          entry_id: number
          points: number
          share_mxn: number
        }[]
      }
      pro_pool_history: {
        Args: { p_quiniela: number }
        Returns: {
          at: string
          contributed_mxn: number
        }[]
      }
      pro_pool_minimum: { Args: Record<PropertyKey, never>; Returns: number }
      pro_pool_stats: {
        Args: { p_quiniela: number }
        Returns: {
          entries: number
          players: number
          pool_mxn: number
        }[]
      }
      pro_results_snapshot: {
        Args: { p_quiniela: number }
        Returns: {
          entry_id: number
          label: string
          picks: Json
          points: number
          user_id: string
          username: string
        }[]
      }
      profile: {
        Args: { "": Database["public"]["Tables"]["scores"]["Row"] }
        Returns: {
          adult_confirmed_at: string | null
          created_at: string
          email: string | null
          favorite_club_id: number | null
          id: string
          newsletter_opt_in: boolean
          referral_code: string
          referred_by: string | null
          username: string
        }
        SetofOptions: {
          from: "scores"
          to: "profiles"
          isOneToOne: true
          isSetofReturn: true
        }
      }
      queue_blog_notices: { Args: { at?: string }; Returns: number }
      queue_boost_reminders: { Args: { at?: string }; Returns: number }
      queue_deadline_reminders: { Args: { at?: string }; Returns: number }
      queue_manual_reminder: {
        Args: { quiniela_id_input: number }
        Returns: number[]
      }
      queue_new_round_notices: { Args: { at?: string }; Returns: number }
      queue_notifications: { Args: { at?: string }; Returns: number }
      queue_points_ready: { Args: { at?: string }; Returns: number }
      quinielazo_reminder_recipients: {
        Args: { quiniela_id_input: number }
        Returns: {
          email: string
          picked: number
          total: number
          user_id: string
          username: string
        }[]
      }
      record_feed_failure: {
        Args: {
          pause?: boolean
          quota?: Json
          reason: string
          retry_after_seconds?: number
        }
        Returns: Json
      }
      record_fixture_dates: {
        Args: { fixtures: Json; quota?: Json }
        Returns: Json
      }
      record_live_scores: {
        Args: { fixtures: Json; quota?: Json }
        Returns: Json
      }
      record_pro_payment: {
        Args: {
          p_amount: number
          p_currency: string
          p_external_reference: string
          p_provider_payment_id: string
          p_status: string
        }
        Returns: string
      }
      refresh_live_standings: { Args: { round_ids?: number[] }; Returns: Json }
      refresh_monthly_standings: {
        Args: { month_input: number; year_input: number }
        Returns: undefined
      }
      refresh_standings_for: {
        Args: { game_ids: number[]; round_ids: number[] }
        Returns: undefined
      }
      remind_league_missing: {
        Args: { league_id: string; quiniela_id: number }
        Returns: number
      }
      remove_league_member: {
        Args: { league_id: string; user_id: string }
        Returns: undefined
      }
      renew_league_code: { Args: { league_id: string }; Returns: string }
      round_points: {
        Args: {
          correct_input: number
          last_of_month_input: boolean
          month_input: string
        }
        Returns: number
      }
      run_finalization_step: {
        Args: { p_run: string; p_step: string }
        Returns: undefined
      }
      save_push_subscription: {
        Args: {
          p_auth: string
          p_endpoint: string
          p_p256dh: string
          p_user_agent?: string
        }
        Returns: undefined
      }
      score_daily_game: {
        Args: { p_daily_game_id: number }
        Returns: {
          correct: number
          scored: number
        }[]
      }
      score_locked_daily_games: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      score_round: { Args: { quiniela_id_input: number }; Returns: number }
      seal_due_rounds: { Args: Record<PropertyKey, never>; Returns: number }
      shows_nothing: { Args: { t: string }; Returns: boolean }
      signup_choices: { Args: { meta: Json }; Returns: Record<string, unknown> }
      simulate_round_scores: {
        Args: { quiniela_id_input: number }
        Returns: {
          bonus_details: string[]
          correct: number
          points: number
          user_id: string
          username: string
        }[]
      }
      snapshot_monthly_ranks: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      start_pro_checkout: {
        Args: { p_pack: string; p_quiniela: number }
        Returns: {
          checkout_id: string
          price_mxn: number
          quiniela_name: string
          title: string
        }[]
      }
      transfer_league: {
        Args: { league_id: string; new_owner: string }
        Returns: undefined
      }
      update_league: {
        Args: { league_id: string; name: string; prize_note?: string }
        Returns: undefined
      }
      username_key: { Args: { name: string }; Returns: string }
      username_problem: { Args: { name: string }; Returns: string }
      white_space_characters: {
        Args: Record<PropertyKey, never>
        Returns: string
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
