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
          event_name: string
          id: number
          json: NonNullable<Json>
          user_id: string
        }
        Insert: {
          created_at?: string
          event_name: string
          id?: number
          json?: NonNullable<Json>
          user_id: string
        }
        Update: {
          created_at?: string
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
          message: string
          quiniela_id: number
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: number
          message: string
          quiniela_id: number
          user_id: string
        }
        Update: {
          created_at?: string
          id?: number
          message?: string
          quiniela_id?: number
          user_id?: string
        }
        Relationships: [
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
          short_name: string | null
        }
        Insert: {
          id?: number
          league: string
          logo_url?: string | null
          name: string
          short_name?: string | null
        }
        Update: {
          id?: number
          league?: string
          logo_url?: string | null
          name?: string
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
        }
        Insert: {
          correct_answer?: string | null
          created_at?: string
          game_date: string
          game_type: string
          id?: number
          lock_date: string
          metadata?: NonNullable<Json>
          points?: number
          question: string
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
        Relationships: [
          {
            foreignKeyName: "daily_scores_daily_game_id_fkey"
            columns: ["daily_game_id"]
            isOneToOne: false
            referencedRelation: "daily_games"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "daily_scores_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "daily_scores_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
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
          quiniela_id: number
          special_bonus_points: number
          underdog_bonus_points: number
          underdog_bonus_side: string | null
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
          quiniela_id: number
          special_bonus_points?: number
          underdog_bonus_points?: number
          underdog_bonus_side?: string | null
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
          quiniela_id?: number
          special_bonus_points?: number
          underdog_bonus_points?: number
          underdog_bonus_side?: string | null
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
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points: number
          total_points: number
          user_id: string
          weekly_points: number
          year: number
        }
        Insert: {
          daily_points?: number
          month: number
          rank_daily: number
          rank_total: number
          rank_weekly: number
          referral_points?: number
          total_points?: number
          user_id: string
          weekly_points?: number
          year: number
        }
        Update: {
          daily_points?: number
          month?: number
          rank_daily?: number
          rank_total?: number
          rank_weekly?: number
          referral_points?: number
          total_points?: number
          user_id?: string
          weekly_points?: number
          year?: number
        }
        Relationships: [
          {
            foreignKeyName: "monthly_standings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "monthly_standings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      notification_preferences: {
        Row: {
          new_blog: boolean
          new_quinielazo: boolean
          news_updates: boolean
          remind_boost: boolean
          remind_quinielazo: boolean
          user_id: string
        }
        Insert: {
          new_blog?: boolean
          new_quinielazo?: boolean
          news_updates?: boolean
          remind_boost?: boolean
          remind_quinielazo?: boolean
          user_id: string
        }
        Update: {
          new_blog?: boolean
          new_quinielazo?: boolean
          news_updates?: boolean
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
          quiniela_id: number
          user_id: string
        }
        Insert: {
          created_at?: string
          id?: number
          label?: string | null
          quiniela_id: number
          user_id: string
        }
        Update: {
          created_at?: string
          id?: number
          label?: string | null
          quiniela_id?: number
          user_id?: string
        }
        Relationships: [
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
        }
        Insert: {
          match_id: number
          paid_entry_id: number
          quiniela_id: number
          result: string
        }
        Update: {
          match_id?: number
          paid_entry_id?: number
          quiniela_id?: number
          result?: string
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
      pending_signups: {
        Row: {
          created_at: string
          email: string
          newsletter_opt_in: boolean
          referred_by: string | null
          username: string
        }
        Insert: {
          created_at?: string
          email: string
          newsletter_opt_in?: boolean
          referred_by?: string | null
          username: string
        }
        Update: {
          created_at?: string
          email?: string
          newsletter_opt_in?: boolean
          referred_by?: string | null
          username?: string
        }
        Relationships: []
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
          kind: string
          place: number
        }
        Insert: {
          amount_mxn: number
          kind: string
          place: number
        }
        Update: {
          amount_mxn?: number
          kind?: string
          place?: number
        }
        Relationships: []
      }
      profiles: {
        Row: {
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
      quinielas: {
        Row: {
          created_at: string
          deadline: string
          id: number
          is_last_of_month: boolean
          name: string
          results_saved: boolean
          week: number
        }
        Insert: {
          created_at?: string
          deadline: string
          id?: number
          is_last_of_month?: boolean
          name: string
          results_saved?: boolean
          week: number
        }
        Update: {
          created_at?: string
          deadline?: string
          id?: number
          is_last_of_month?: boolean
          name?: string
          results_saved?: boolean
          week?: number
        }
        Relationships: []
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
        }
        Insert: {
          created_at?: string
          id?: number
          referral_code: string
          user_agent?: string | null
        }
        Update: {
          created_at?: string
          id?: number
          referral_code?: string
          user_agent?: string | null
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
      scores: {
        Row: {
          bonus_details: string[]
          correct: number
          points: number
          quiniela_id: number
          updated_at: string
          user_id: string
        }
        Insert: {
          bonus_details?: string[]
          correct?: number
          points?: number
          quiniela_id: number
          updated_at?: string
          user_id: string
        }
        Update: {
          bonus_details?: string[]
          correct?: number
          points?: number
          quiniela_id?: number
          updated_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "scores_quiniela_id_fkey"
            columns: ["quiniela_id"]
            isOneToOne: false
            referencedRelation: "quinielas"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scores_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "scores_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "public_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      scoring_bonuses: {
        Row: {
          code: string
          label: string
          points: number
        }
        Insert: {
          code: string
          label: string
          points: number
        }
        Update: {
          code?: string
          label?: string
          points?: number
        }
        Relationships: []
      }
      scoring_points: {
        Row: {
          correct: number
          points: number
        }
        Insert: {
          correct: number
          points: number
        }
        Update: {
          correct?: number
          points?: number
        }
        Relationships: []
      }
    }
    Views: {
      public_profiles: {
        Row: {
          favorite_club_id: number | null
          id: string | null
          referral_code: string | null
          referred_by: string | null
          username: string | null
        }
        Insert: {
          favorite_club_id?: number | null
          id?: string | null
          referral_code?: string | null
          referred_by?: string | null
          username?: string | null
        }
        Update: {
          favorite_club_id?: number | null
          id?: string | null
          referral_code?: string | null
          referred_by?: string | null
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
      get_leaderboard_months: {
        Args: Record<PropertyKey, never>
        Returns: {
          month: number
          year: number
        }[]
      }
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
      get_round_prizes: {
        Args: { quiniela_id_input: number }
        Returns: {
          amount_mxn: number
          kind: string
          user_id: string
          username: string
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
      is_admin: { Args: Record<PropertyKey, never>; Returns: boolean }
      mx_month_start: {
        Args: { month_input: number; year_input: number }
        Returns: string
      }
      new_referral_code: { Args: Record<PropertyKey, never>; Returns: string }
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
      refresh_monthly_standings: {
        Args: { month_input: number; year_input: number }
        Returns: undefined
      }
      refresh_standings_for: {
        Args: { game_ids: number[]; round_ids: number[] }
        Returns: undefined
      }
      score_round: { Args: { quiniela_id_input: number }; Returns: number }
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
      username_available: { Args: { name: string }; Returns: boolean }
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
