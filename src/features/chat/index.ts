// What other features use of the chat: a liga's chat on the liga's page (the round's is placed by its route).
export { LeagueChat } from './components/league-chat';
