// The game zone's public surface (issue 14): blind box (game/index), slot machine (game/tiger/tiger), the game room
// (user/gameRoom) and the verify page. The app layer hands in the balance refresh.
export { BlindBoxGame } from './components/blind-box';
export { SlotMachineGame } from './components/slot-machine';
export { GameRoom } from './components/game-room';
export { VerifyRound } from './components/verify-round';
export { RaffleWheel } from './components/raffle';
