import { combineReducers } from "../bus/store";
import { accountReducer, initialAccount, type AccountModel } from "../features/account/model";
import { initialKpis, kpisReducer, type KpisModel } from "../features/kpis/model";
import { initialNotifications, notificationsReducer, type NotificationsModel } from "../features/notifications/model";
import { initialUsers, usersReducer, type UsersModel } from "../features/users/model";
import { initialSession, sessionReducer, type SessionModel } from "../features/session/model";
import { initialShell, shellReducer, type ShellModel } from "../features/shell/model";

/** The client's whole state: one slice per feature. */
export interface AppState {
  readonly session: SessionModel;
  readonly shell: ShellModel;
  readonly account: AccountModel;
  readonly users: UsersModel;
  readonly kpis: KpisModel;
  readonly notifications: NotificationsModel;
}

export const initialState: AppState = { session: initialSession, shell: initialShell, account: initialAccount, users: initialUsers, kpis: initialKpis, notifications: initialNotifications };

export const rootReducer = combineReducers<AppState>({ session: sessionReducer, shell: shellReducer, account: accountReducer, users: usersReducer, kpis: kpisReducer, notifications: notificationsReducer });
