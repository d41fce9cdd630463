<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>ActionBar</name>
    <message>
        <source>Next hand</source>
        <translation>Следующая раздача</translation>
    </message>
    <message>
        <source>card {0}</source>
        <translation>карта {0}</translation>
    </message>
    <message>
        <source>Seat {0} discards {1}</source>
        <translation>Место {0} сбрасывает {1}</translation>
    </message>
    <message>
        <source>Seat {0} folds</source>
        <translation>Место {0}: пас</translation>
    </message>
    <message>
        <source>Fold</source>
        <translation>Пас</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Чек</translation>
    </message>
    <message>
        <source>Call {0}</source>
        <translation>Колл {0}</translation>
    </message>
    <message>
        <source>Bet {0}</source>
        <translation>Бет {0}</translation>
    </message>
    <message>
        <source>Raise to {0}</source>
        <translation>Рейз до {0}</translation>
    </message>
    <message>
        <source> (min)</source>
        <translation> (мин.)</translation>
    </message>
    <message>
        <source>Pot: bet {0}</source>
        <translation>Пот: бет {0}</translation>
    </message>
    <message>
        <source>Pot: raise to {0}</source>
        <translation>Пот: рейз до {0}</translation>
    </message>
    <message>
        <source>Bet keypad amount ({0}–{1})</source>
        <translation>Бет суммы с клавиатуры ({0}–{1})</translation>
    </message>
    <message>
        <source>Raise to keypad amount ({0}–{1})</source>
        <translation>Рейз до суммы с клавиатуры ({0}–{1})</translation>
    </message>
    <message>
        <source>All-in {0}</source>
        <translation>Олл-ин {0}</translation>
    </message>
    <message>
        <source>Seat {0} to act</source>
        <translation>Ходит место {0}</translation>
    </message>
    <message>
        <source>Deal hole cards</source>
        <translation>Раздать карты</translation>
    </message>
    <message>
        <source>Seat {0} straddles {1}</source>
        <translation>Место {0}: стрэддл {1}</translation>
    </message>
    <message>
        <source>Seat {0} Mississippi {1}</source>
        <translation>Место {0}: Миссисипи {1}</translation>
    </message>
    <message>
        <source>Seat {0} re-straddle…</source>
        <translation>Место {0}: ре-стрэддл…</translation>
    </message>
    <message>
        <source>Straddle and re-straddle…</source>
        <translation>Стрэддл и ре-стрэддл…</translation>
    </message>
    <message>
        <source>Extra boards…</source>
        <translation>Дополнительные борды…</translation>
    </message>
    <message>
        <source>Seat {0}: run once</source>
        <translation>Место {0}: один раз</translation>
    </message>
    <message>
        <source>Seat {0}: run twice</source>
        <translation>Место {0}: два раза</translation>
    </message>
    <message>
        <source>Seat {0}: run three times</source>
        <translation>Место {0}: три раза</translation>
    </message>
    <message>
        <source>Seat {0} shows</source>
        <translation>Место {0} открывает карты</translation>
    </message>
    <message>
        <source>Seat {0} mucks</source>
        <translation>Место {0} сбрасывает карты</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отменить</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Misdeal (пересдача)</translation>
    </message>
    <message>
        <source>Deal flop</source>
        <translation>Раздать флоп</translation>
    </message>
    <message>
        <source>Deal turn</source>
        <translation>Раздать тёрн</translation>
    </message>
    <message>
        <source>Deal river</source>
        <translation>Раздать ривер</translation>
    </message>
    <message>
        <source>run {0}</source>
        <translation>прогон {0}</translation>
    </message>
    <message>
        <source>board {0}</source>
        <translation>борд {0}</translation>
    </message>
    <message>
        <source>Type the flop…</source>
        <translation>Ввести флоп…</translation>
    </message>
    <message>
        <source>Type the turn…</source>
        <translation>Ввести тёрн…</translation>
    </message>
    <message>
        <source>Type the river…</source>
        <translation>Ввести ривер…</translation>
    </message>
    <message>
        <source>Seat {0} shows: type the cards…</source>
        <translation>Место {0} открывает карты: ввести их…</translation>
    </message>
</context>
<context>
    <name>CardEntryDialog</name>
    <message>
        <source>Name the cards</source>
        <translation>Назовите карты</translation>
    </message>
    <message>
        <source>No camera reading: {0}</source>
        <translation>Камера не прочла карты: {0}</translation>
    </message>
    <message>
        <source>Type the rank (A K Q J T 9 … 2), then the suit (s h d c), or click the card. Backspace takes back; Enter accepts; Esc cancels.</source>
        <translation>Наберите достоинство (A K Q J T 9 … 2), затем масть (s h d c) или нажмите на карту. Backspace — назад; Enter — принять; Esc — отмена.</translation>
    </message>
    <message>
        <source>Take back [Backspace]</source>
        <translation>Назад [Backspace]</translation>
    </message>
    <message>
        <source>Accept [Enter]</source>
        <translation>Принять [Enter]</translation>
    </message>
    <message>
        <source>Cancel [Esc]</source>
        <translation>Отмена [Esc]</translation>
    </message>
    <message>
        <source>Seat {0} shows: name the {1} cards</source>
        <translation>Место {0} открывает карты: назовите их ({1})</translation>
    </message>
    <message>
        <source>The flop: name the {0} cards</source>
        <translation>Флоп: назовите {0} карты</translation>
    </message>
    <message>
        <source>The turn: name the card</source>
        <translation>Тёрн: назовите карту</translation>
    </message>
    <message>
        <source>The river: name the card</source>
        <translation>Ривер: назовите карту</translation>
    </message>
    <message>
        <source>run {0}</source>
        <translation>прогон {0}</translation>
    </message>
    <message>
        <source>board {0}</source>
        <translation>борд {0}</translation>
    </message>
    <message>
        <source>{0} is typed already: name another card</source>
        <translation>{0} уже набрана: назовите другую карту</translation>
    </message>
    <message>
        <source>{0} is already in this hand ({1}): name another card</source>
        <translation>{0} уже есть в этой раздаче ({1}): назовите другую карту</translation>
    </message>
    <message>
        <source>The {0} card(s) asked for are typed: Enter accepts them, Backspace takes the last one back</source>
        <translation>Все карты набраны ({0}): Enter — принять, Backspace — убрать последнюю</translation>
    </message>
    <message>
        <source>{0} of {1} cards typed: type the rest, then Enter</source>
        <translation>Набрано карт: {0} из {1}; наберите остальные и нажмите Enter</translation>
    </message>
    <message>
        <source>Type the rank first (A K Q J T 9 … 2), then the suit (s h d c)</source>
        <translation>Сначала достоинство (A K Q J T 9 … 2), затем масть (s h d c)</translation>
    </message>
</context>
<context>
    <name>DealerWindow</name>
    <message>
        <source>Dealer console — {0}</source>
        <translation>Пульт дилера — {0}</translation>
    </message>
    <message>
        <source>Four-colour deck</source>
        <translation>Четырёхцветная колода</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Dealer: {0}</source>
        <translation>Дилер: {0}</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
    <message>
        <source>Re-straddle consents…</source>
        <translation>Согласия на ре-стрэддл…</translation>
    </message>
    <message>
        <source>Mississippi straddle…</source>
        <translation>Стрэддл Миссисипи…</translation>
    </message>
    <message>
        <source>Extra boards…</source>
        <translation>Дополнительные борды…</translation>
    </message>
    <message>
        <source>Table settings (floor)…</source>
        <translation>Настройки стола (флор)…</translation>
    </message>
    <message>
        <source>House settings (floor)…</source>
        <translation>Правила заведения (флор)…</translation>
    </message>
    <message>
        <source>{0}: no hand yet</source>
        <translation>{0}: раздачи ещё нет</translation>
    </message>
    <message>
        <source> — seat {0} to act</source>
        <translation> — ходит место {0}</translation>
    </message>
    <message>
        <source>Hand {0}: {1}, blinds {2}/{3} — {4}</source>
        <translation>Раздача {0}: {1}, блайнды {2}/{3} — {4}</translation>
    </message>
    <message>
        <source>A Mississippi straddle needs a floor manager&apos;s authorization.</source>
        <translation>Стрэддл Миссисипи требует разрешения флор-менеджера.</translation>
    </message>
    <message>
        <source>Table settings are the floor&apos;s.</source>
        <translation>Настройки стола меняет флор.</translation>
    </message>
    <message>
        <source>House settings are the floor&apos;s.</source>
        <translation>Правила заведения меняет флор.</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Устройства</translation>
    </message>
    <message>
        <source>Calibrate the camera (floor)…</source>
        <translation>Калибровка камеры (флор)…</translation>
    </message>
    <message>
        <source>Teach the deck…</source>
        <translation>Обучить колоду…</translation>
    </message>
</context>
<context>
    <name>ExtraBoardsDialog</name>
    <message>
        <source>Extra boards</source>
        <translation>Дополнительные борды</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>{0} run(s)</source>
        <translation>прогонов: {0}</translation>
    </message>
    <message>
        <source>Extra boards are not offered now: every contender of a pot must be all-in (or all but one).</source>
        <translation>Дополнительные борды сейчас не предлагаются: все участники банка должны быть олл-ин (или все, кроме одного).</translation>
    </message>
    <message>
        <source>Main pot</source>
        <translation>Основной банк</translation>
    </message>
    <message>
        <source>Side pot {0}</source>
        <translation>Побочный банк {0}</translation>
    </message>
    <message>
        <source>{0} {1}: seats {2}; runs agreed {3}</source>
        <translation>{0} {1}: места {2}; согласовано прогонов: {3}</translation>
    </message>
    <message>
        <source>Seat {0}: {1}</source>
        <translation>Место {0}: {1}</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ждём ответа</translation>
    </message>
</context>
<context>
    <name>HouseSettingsDialog</name>
    <message>
        <source>House settings</source>
        <translation>Правила заведения</translation>
    </message>
    <message>
        <source>Floor manager: {0}. Changes apply from the next hand.</source>
        <translation>Флор-менеджер: {0}. Изменения действуют со следующей раздачи.</translation>
    </message>
    <message>
        <source>Rake, percent of the pot</source>
        <translation>Рейк, процент от банка</translation>
    </message>
    <message>
        <source>Rake cap (empty: none)</source>
        <translation>Предел рейка (пусто: нет)</translation>
    </message>
    <message>
        <source>No flop, no drop</source>
        <translation>Нет флопа — нет рейка</translation>
    </message>
    <message>
        <source>Jackpot drop</source>
        <translation>Отчисление в джекпот</translation>
    </message>
    <message>
        <source>Jackpot drop from a pot of at least</source>
        <translation>Отчисление в джекпот с банка не меньше</translation>
    </message>
    <message>
        <source>Limit: raises per round</source>
        <translation>Лимит: рейзов за круг</translation>
    </message>
    <message>
        <source>Limit: no cap heads-up</source>
        <translation>Лимит: без ограничения рейзов один на один</translation>
    </message>
    <message>
        <source>Pre-flop order under a Mississippi</source>
        <translation>Порядок хода префлоп при Миссисипи</translation>
    </message>
    <message>
        <source>Straddle or Mississippi first</source>
        <translation>Что важнее: стрэддл или Миссисипи</translation>
    </message>
    <message>
        <source>Button straddles in Limit</source>
        <translation>Стрэддл с баттона в лимите</translation>
    </message>
    <message>
        <source>Odd chip between runs to the first run</source>
        <translation>Лишняя фишка между прогонами — первому прогону</translation>
    </message>
    <message>
        <source>Most runs of a pot</source>
        <translation>Наибольшее число прогонов банка</translation>
    </message>
</context>
<context>
    <name>MississippiDialog</name>
    <message>
        <source>Mississippi straddle</source>
        <translation>Стрэддл Миссисипи</translation>
    </message>
    <message>
        <source>Authorize Mississippi straddles at this table from now on</source>
        <translation>Разрешить стрэддл Миссисипи за этим столом и дальше</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source> Standing authorization on record: {0}.</source>
        <translation> Постоянное разрешение записано: {0}.</translation>
    </message>
    <message>
        <source>Authorized by floor manager {0}.</source>
        <translation>Разрешил флор-менеджер {0}.</translation>
    </message>
    <message>
        <source>Seat {0} (button) posts a Mississippi straddle of {1}</source>
        <translation>Место {0} (баттон) ставит стрэддл Миссисипи {1}</translation>
    </message>
</context>
<context>
    <name>PotWidget</name>
    <message>
        <source>No hand yet: press Next hand (N)</source>
        <translation>Раздачи ещё нет: нажмите «Следующая раздача» (N)</translation>
    </message>
    <message>
        <source>Main pot</source>
        <translation>Основной банк</translation>
    </message>
    <message>
        <source>Side pot {0}</source>
        <translation>Побочный банк {0}</translation>
    </message>
    <message>
        <source>, run {0} times</source>
        <translation>, прогонов: {0}</translation>
    </message>
    <message>
        <source>{0} {1}: seats {2}</source>
        <translation>{0} {1}: места {2}</translation>
    </message>
    <message>
        <source>Pot {0}</source>
        <translation>Банк {0}</translation>
    </message>
    <message>
        <source>Total in the middle {0} (bets this round {1})</source>
        <translation>Всего в центре {0} (ставки этого круга {1})</translation>
    </message>
</context>
<context>
    <name>RestraddleDialog</name>
    <message>
        <source>Straddle and re-straddle</source>
        <translation>Стрэддл и ре-стрэддл</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Да</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Нет</translation>
    </message>
    <message>
        <source>Seat {0} straddles {1}</source>
        <translation>Место {0}: стрэддл {1}</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>ждём ответа</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>NO</source>
        <translation>НЕТ</translation>
    </message>
    <message>
        <source>Seat {0}: {1}</source>
        <translation>Место {0}: {1}</translation>
    </message>
    <message>
        <source>No re-straddle can be asked for now.</source>
        <translation>Ре-стрэддл сейчас невозможен.</translation>
    </message>
    <message>
        <source>First the straddle (one tap).</source>
        <translation>Сначала стрэддл (одно нажатие).</translation>
    </message>
    <message>
        <source>Seat {0} asks to re-straddle {1}: every other player must say yes.</source>
        <translation>Место {0} просит ре-стрэддл {1}: все остальные игроки должны согласиться.</translation>
    </message>
    <message>
        <source>Seat {0} re-straddles {1}</source>
        <translation>Место {0}: ре-стрэддл {1}</translation>
    </message>
</context>
<context>
    <name>SeatWidget</name>
    <message>
        <source>Seat {0} · {1}</source>
        <translation>Место {0} · {1}</translation>
    </message>
    <message>
        <source>bet {0}</source>
        <translation>ставка {0}</translation>
    </message>
    <message>
        <source>discarded {0}</source>
        <translation>сброшено {0}</translation>
    </message>
    <message>
        <source>DISCARD OWED</source>
        <translation>ДОЛЖЕН СБРОСИТЬ</translation>
    </message>
</context>
<context>
    <name>ShippingStatus</name>
    <message>
        <source>card room: connecting…</source>
        <translation>клуб: подключение…</translation>
    </message>
    <message>
        <source>card room: in sync</source>
        <translation>клуб: синхронизировано</translation>
    </message>
    <message>
        <source>card room: behind by {0} event(s)</source>
        <translation>клуб: отставание {0} событий</translation>
    </message>
    <message>
        <source>card room: FAILING, {0} event(s) not shipped: {1}</source>
        <translation>клуб: ОШИБКА, не отправлено событий: {0}: {1}</translation>
    </message>
    <message>
        <source>Shipping to the card room is failing (the table deals on; nothing is lost): {0}</source>
        <translation>Отправка в клуб не удаётся (стол продолжает игру, ничего не теряется): {0}</translation>
    </message>
    <message>
        <source>Shipping to the card room works again: {0}</source>
        <translation>Отправка в клуб снова работает: {0}</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Floor sign-in</source>
        <translation>Вход флор-менеджера</translation>
    </message>
    <message>
        <source>Dealer sign-in</source>
        <translation>Вход дилера</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Имя</translation>
    </message>
    <message>
        <source>PIN or password</source>
        <translation>PIN или пароль</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Войти</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Type the name and the PIN or password.</source>
        <translation>Введите имя и PIN или пароль.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>{0} is a dealer: a floor manager must sign in for this.</source>
        <translation>{0} — дилер: для этого должен войти флор-менеджер.</translation>
    </message>
</context>
<context>
    <name>TableSettingsDialog</name>
    <message>
        <source>Table settings</source>
        <translation>Настройки стола</translation>
    </message>
    <message>
        <source>Floor manager: {0}. Changes apply from the next hand.</source>
        <translation>Флор-менеджер: {0}. Изменения действуют со следующей раздачи.</translation>
    </message>
    <message>
        <source>Straddles and re-straddles allowed</source>
        <translation>Стрэддлы и ре-стрэддлы разрешены</translation>
    </message>
    <message>
        <source>Extra boards allowed</source>
        <translation>Дополнительные борды разрешены</translation>
    </message>
    <message>
        <source>Mississippi straddles authorized</source>
        <translation>Стрэддл Миссисипи разрешён</translation>
    </message>
    <message>
        <source> (by {0}, {1:%Y-%m-%d %H:%M})</source>
        <translation> ({0}, {1:%Y-%m-%d %H:%M})</translation>
    </message>
</context>
<context>
    <name>Phase</name>
    <message>
        <source>posting</source>
        <translation>блайнды</translation>
    </message>
    <message>
        <source>dealing</source>
        <translation>раздача</translation>
    </message>
    <message>
        <source>betting</source>
        <translation>торговля</translation>
    </message>
    <message>
        <source>board</source>
        <translation>борд</translation>
    </message>
    <message>
        <source>showdown</source>
        <translation>вскрытие</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>завершена</translation>
    </message>
    <message>
        <source>misdealt</source>
        <translation>пересдача</translation>
    </message>
</context>
<context>
    <name>SeatStatus</name>
    <message>
        <source>not in hand</source>
        <translation>не в раздаче</translation>
    </message>
    <message>
        <source>FOLDED</source>
        <translation>ПАС</translation>
    </message>
    <message>
        <source>ALL-IN</source>
        <translation>ОЛЛ-ИН</translation>
    </message>
    <message>
        <source>TO ACT</source>
        <translation>ХОДИТ</translation>
    </message>
</context>
<context>
    <name>SeatMarker</name>
    <message>
        <source>BUTTON</source>
        <translation>БАТТОН</translation>
    </message>
    <message>
        <source>SB</source>
        <translation>МБ</translation>
    </message>
    <message>
        <source>BB</source>
        <translation>ББ</translation>
    </message>
    <message>
        <source>STRADDLE</source>
        <translation>СТРЭДДЛ</translation>
    </message>
    <message>
        <source>RE-STRADDLE</source>
        <translation>РЕ-СТРЭДДЛ</translation>
    </message>
    <message>
        <source>MISSISSIPPI</source>
        <translation>МИССИСИПИ</translation>
    </message>
    <message>
        <source>POST</source>
        <translation>ПОСТ</translation>
    </message>
</context>
<context>
    <name>NotificationArea</name>
    <message>
        <source>Refused: </source>
        <translation>Отказано: </translation>
    </message>
    <message>
        <source>Warning: </source>
        <translation>Внимание: </translation>
    </message>
    <message>
        <source>Error:</source>
        <translation>Ошибка:</translation>
    </message>
</context>
<context>
    <name>CameraPanel</name>
    <message>
        <source>Board {0}, run {1}</source>
        <translation>Борд {0}, прогон {1}</translation>
    </message>
    <message>
        <source>Board {0}</source>
        <translation>Борд {0}</translation>
    </message>
    <message>
        <source>Seat {0}</source>
        <translation>Место {0}</translation>
    </message>
    <message>
        <source>Off the zones</source>
        <translation>Вне зон</translation>
    </message>
    <message>
        <source>no picture yet</source>
        <translation>изображения пока нет</translation>
    </message>
    <message>
        <source>Board from camera (dealt board cards are the cards read)</source>
        <translation>Борд с камеры (сдаются карты, прочитанные камерой)</translation>
    </message>
    <message>
        <source>No camera configured</source>
        <translation>Камера не настроена</translation>
    </message>
    <message>
        <source>{0} card(s) read</source>
        <translation>прочитано карт: {0}</translation>
    </message>
    <message>
        <source>Camera: {0}</source>
        <translation>Камера: {0}</translation>
    </message>
    <message>
        <source> · frame {0} · {1}</source>
        <translation> · кадр {0} · {1}</translation>
    </message>
    <message>
        <source>No card read</source>
        <translation>Карты не прочитаны</translation>
    </message>
    <message>
        <source>{0}, card {1}: {2}</source>
        <translation>{0}, карта {1}: {2}</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>Сброс</translation>
    </message>
    <message>
        <source>picture only</source>
        <translation>только изображение</translation>
    </message>
</context>
<context>
    <name>CameraStatus</name>
    <message>
        <source>ok</source>
        <translation>работает</translation>
    </message>
    <message>
        <source>dark</source>
        <translation>темно</translation>
    </message>
    <message>
        <source>frozen</source>
        <translation>картинка застыла</translation>
    </message>
    <message>
        <source>reconnecting</source>
        <translation>переподключение</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>отключена</translation>
    </message>
    <message>
        <source>ended</source>
        <translation>запись кончилась</translation>
    </message>
    <message>
        <source>not-opened</source>
        <translation>не открыта</translation>
    </message>
</context>
<context>
    <name>SensorPanel</name>
    <message>
        <source>Seat</source>
        <translation>Место</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Bet zone</source>
        <translation>Зона ставки</translation>
    </message>
    <message>
        <source>In front</source>
        <translation>Перед игроком</translation>
    </message>
    <message>
        <source>To call</source>
        <translation>Для колла</translation>
    </message>
    <message>
        <source>Button: no reading</source>
        <translation>Баттон: нет показаний</translation>
    </message>
    <message>
        <source>not seen on any seat</source>
        <translation>не виден ни на одном месте</translation>
    </message>
    <message>
        <source>seat {0}</source>
        <translation>месте {0}</translation>
    </message>
    <message>
        <source>Button: the sensor sees it on {0}</source>
        <translation>Баттон: датчик видит его на {0}</translation>
    </message>
    <message>
        <source>Button: seat {0}, as the sensor sees it</source>
        <translation>Баттон: место {0}, датчик согласен</translation>
    </message>
    <message>
        <source>Button: seat {0} for the console, the sensor sees it on {1}</source>
        <translation>Баттон: у пульта место {0}, датчик видит его на {1}</translation>
    </message>
    <message>
        <source>Sensor board {0}: {1}</source>
        <translation>Плата датчиков {0}: {1}</translation>
    </message>
    <message>
        <source>no reading</source>
        <translation>нет показаний</translation>
    </message>
    <message>
        <source>matches</source>
        <translation>совпадает</translation>
    </message>
    <message>
        <source>DIFFERS</source>
        <translation>НЕ СОВПАДАЕТ</translation>
    </message>
    <message>
        <source>Seat {0}, read from chips: {1} — {2}</source>
        <translation>Место {0}, по фишкам: {1} — {2}</translation>
    </message>
    <message>
        <source>Confirm {0} (Y)</source>
        <translation>Подтвердить: {0} (Y)</translation>
    </message>
    <message>
        <source>Accept {0} (Y)</source>
        <translation>Принять: {0} (Y)</translation>
    </message>
    <message>
        <source>Bet zone: {0}</source>
        <translation>Зона ставки: {0}</translation>
    </message>
</context>
<context>
    <name>BoardState</name>
    <message>
        <source>connected</source>
        <translation>подключена</translation>
    </message>
    <message>
        <source>connecting</source>
        <translation>подключается</translation>
    </message>
    <message>
        <source>unplugged</source>
        <translation>отключена</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>молчит</translation>
    </message>
    <message>
        <source>error: wrong protocol</source>
        <translation>ошибка: не тот протокол</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрыта</translation>
    </message>
</context>
<context>
    <name>ProposedAction</name>
    <message>
        <source>check</source>
        <translation>чек</translation>
    </message>
    <message>
        <source>call</source>
        <translation>колл</translation>
    </message>
    <message>
        <source>bet</source>
        <translation>бет</translation>
    </message>
    <message>
        <source>raise</source>
        <translation>рейз до</translation>
    </message>
    <message>
        <source>all-in</source>
        <translation>олл-ин</translation>
    </message>
</context>
<context>
    <name>_PendingRow</name>
    <message>
        <source>{0}, card {1}: {2}</source>
        <translation>{0}, карта {1}: {2}</translation>
    </message>
    <message>
        <source>Confirm (V)</source>
        <translation>Подтвердить (V)</translation>
    </message>
</context>
<context>
    <name>CalibrationDialog</name>
    <message>
        <source>Looking for the felt&apos;s edge…</source>
        <translation>Поиск края сукна…</translation>
    </message>
    <message>
        <source>Seat {0}</source>
        <translation>Место {0}</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Борд</translation>
    </message>
    <message>
        <source>Muck</source>
        <translation>Сброс</translation>
    </message>
    <message>
        <source>Calibrate the camera</source>
        <translation>Калибровка камеры</translation>
    </message>
    <message>
        <source>Felt width, left to right (mm)</source>
        <translation>Ширина сукна, слева направо (мм)</translation>
    </message>
    <message>
        <source>Felt depth, far rail to the dealer (mm)</source>
        <translation>Глубина сукна, от дальнего борта до дилера (мм)</translation>
    </message>
    <message>
        <source>New picture</source>
        <translation>Новый снимок</translation>
    </message>
    <message>
        <source>Undo the last point</source>
        <translation>Отменить последнюю точку</translation>
    </message>
    <message>
        <source>Find the felt&apos;s edge</source>
        <translation>Найти край сукна</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>The felt&apos;s edge was not found: {0}</source>
        <translation>Край сукна не найден: {0}</translation>
    </message>
    <message>
        <source>Nothing to save: click the four corners of the felt, or find the felt&apos;s edge</source>
        <translation>Сохранять нечего: щёлкните четыре угла сукна или найдите край сукна</translation>
    </message>
    <message>
        <source>Not saved: {0} cannot be written ({1})</source>
        <translation>Не сохранено: файл {0} не записывается ({1})</translation>
    </message>
    <message>
        <source>Saved in {0}; the camera reads with this calibration now</source>
        <translation>Сохранено в {0}; камера уже читает с этой калибровкой</translation>
    </message>
    <message>
        <source>No picture from the camera yet: check the camera, then press New picture</source>
        <translation>Снимка с камеры пока нет: проверьте камеру и нажмите «Новый снимок»</translation>
    </message>
    <message>
        <source>Click corner {0} of 4: the felt&apos;s {1} corner (the dealer sits along the near side), or press Find the felt&apos;s edge</source>
        <translation>Щёлкните угол {0} из 4: {1} угол сукна (дилер сидит у ближней стороны) или нажмите «Найти край сукна»</translation>
    </message>
    <message>
        <source>Press Undo the last point, or click again to start the corners afresh</source>
        <translation>Нажмите «Отменить последнюю точку» или щёлкните снова, чтобы начать углы заново</translation>
    </message>
    <message>
        <source>Not calibrated: {0}</source>
        <translation>Не откалибровано: {0}</translation>
    </message>
    <message>
        <source>the felt&apos;s edge</source>
        <translation>краю сукна</translation>
    </message>
    <message>
        <source>4 corners clicked</source>
        <translation>4 отмеченным углам</translation>
    </message>
    <message>
        <source>Calibrated from {0}: check that the zones lie where the cards go, then Save</source>
        <translation>Откалибровано по {0}: проверьте, что зоны лежат там, где кладут карты, и нажмите «Сохранить»</translation>
    </message>
    <message>
        <source>A card is {0:.0f} to {1:.0f} pixels wide on the picture</source>
        <translation>Ширина карты на снимке от {0:.0f} до {1:.0f} пикселей</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>снимка нет</translation>
    </message>
    <message>
        <source>Calibrating the camera is the floor&apos;s.</source>
        <translation>Калибровка камеры — дело флор-менеджера.</translation>
    </message>
</context>
<context>
    <name>TeachDeckDialog</name>
    <message>
        <source>Looking for the cards on the picture…</source>
        <translation>Поиск карт на снимке…</translation>
    </message>
    <message>
        <source>Teaching the deck from {0} picture(s)…</source>
        <translation>Обучение колоды по снимкам: {0}…</translation>
    </message>
    <message>
        <source>Saving the deck in {0}…</source>
        <translation>Сохранение колоды в {0}…</translation>
    </message>
    <message>
        <source>Teach the deck</source>
        <translation>Обучение колоды</translation>
    </message>
    <message>
        <source>Lay cards out apart and face up, in rows (about half the deck at a time). The cards found are numbered on the picture: name them in that order, rows from the far side, each row left to right, then Take this picture.</source>
        <translation>Разложите карты рядами, лицом вверх, не касаясь друг друга (примерно полколоды за раз). Найденные карты пронумерованы на снимке: назовите их в этом порядке, ряды от дальней стороны, каждый ряд слева направо, затем нажмите «Взять этот снимок».</translation>
    </message>
    <message>
        <source>the cards in reading order, like As Ks Qs</source>
        <translation>карты по порядку, например As Ks Qs</translation>
    </message>
    <message>
        <source>New picture</source>
        <translation>Новый снимок</translation>
    </message>
    <message>
        <source>Take this picture</source>
        <translation>Взять этот снимок</translation>
    </message>
    <message>
        <source>Start again</source>
        <translation>Начать заново</translation>
    </message>
    <message>
        <source>Teach and check</source>
        <translation>Обучить и проверить</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Сохранить</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Закрыть</translation>
    </message>
    <message>
        <source>No picture from the camera yet: check the camera, then press New picture</source>
        <translation>Снимка с камеры пока нет: проверьте камеру и нажмите «Новый снимок»</translation>
    </message>
    <message>
        <source>This picture cannot be used: {0}</source>
        <translation>Этот снимок не подходит: {0}</translation>
    </message>
    <message>
        <source>{0} card(s) found on the picture</source>
        <translation>карт найдено на снимке: {0}</translation>
    </message>
    <message>
        <source>No picture to take: press New picture</source>
        <translation>Нет снимка: нажмите «Новый снимок»</translation>
    </message>
    <message>
        <source>{0} is not a card: write the cards like As Td 7c</source>
        <translation>{0} — не карта: пишите карты так: As Td 7c</translation>
    </message>
    <message>
        <source>{0} is named twice</source>
        <translation>{0} названа дважды</translation>
    </message>
    <message>
        <source>{0} is already on an earlier picture</source>
        <translation>{0} уже есть на прошлом снимке</translation>
    </message>
    <message>
        <source>The camera finds {0} card(s) on the picture and {1} are named: lay the cards apart and face up, then New picture; or name every card found</source>
        <translation>Камера находит на снимке карт: {0}, названо: {1}. Разложите карты отдельно и лицом вверх и нажмите «Новый снимок» или назовите каждую найденную карту</translation>
    </message>
    <message>
        <source>Picture kept: lay the next cards, then New picture</source>
        <translation>Снимок взят: разложите следующие карты и нажмите «Новый снимок»</translation>
    </message>
    <message>
        <source>No picture kept yet: lay out cards, name them, then Take this picture</source>
        <translation>Ни одного снимка ещё не взято: разложите карты, назовите их и нажмите «Взять этот снимок»</translation>
    </message>
    <message>
        <source>Not taught: {0}</source>
        <translation>Не обучено: {0}</translation>
    </message>
    <message>
        <source>Taught {0} card(s) from {1} picture(s).</source>
        <translation>Обучено карт: {0}, снимков: {1}.</translation>
    </message>
    <message>
        <source>Not read back ({0}): {1}. They will read unknown or wait for the dealer; lay them again on a new picture to teach them better.</source>
        <translation>Не прочитаны при проверке ({0}): {1}. Они будут читаться как неизвестные или ждать дилера; разложите их ещё раз на новом снимке, чтобы обучить лучше.</translation>
    </message>
    <message>
        <source>Every card is read back.</source>
        <translation>Все карты прочитаны при проверке.</translation>
    </message>
    <message>
        <source>Not laid out yet ({0}): {1}.</source>
        <translation>Ещё не разложены ({0}): {1}.</translation>
    </message>
    <message>
        <source>Not saved: {0}</source>
        <translation>Не сохранено: {0}</translation>
    </message>
    <message>
        <source>Saved in {0}; the camera reads with this deck now.</source>
        <translation>Сохранено в {0}; камера уже читает с этой колодой.</translation>
    </message>
    <message>
        <source>Pictures kept: {0} ({1} of 52 cards)</source>
        <translation>Снимков взято: {0} ({1} из 52 карт)</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>снимка нет</translation>
    </message>
</context>
<context>
    <name>CameraMode</name>
    <message>
        <source>taught deck</source>
        <translation>обученная колода</translation>
    </message>
    <message>
        <source>general mode (no deck taught)</source>
        <translation>общий режим (колода не обучена)</translation>
    </message>
    <message>
        <source>picture only (the table is not calibrated)</source>
        <translation>только изображение (стол не откалиброван)</translation>
    </message>
</context>
<context>
    <name>CalibrationCorner</name>
    <message>
        <source>far left</source>
        <translation>дальний левый</translation>
    </message>
    <message>
        <source>far right</source>
        <translation>дальний правый</translation>
    </message>
    <message>
        <source>near right</source>
        <translation>ближний правый</translation>
    </message>
    <message>
        <source>near left</source>
        <translation>ближний левый</translation>
    </message>
</context>
<context>
    <name>ClockWidget</name>
    <message>
        <source>Call the clock [Ctrl+L]</source>
        <translation>Включить часы [Ctrl+L]</translation>
    </message>
    <message>
        <source>Clock: off</source>
        <translation>Часы: выкл.</translation>
    </message>
    <message>
        <source>Seat {0} on the clock: {1} s</source>
        <translation>Место {0} на часах: {1} с</translation>
    </message>
    <message>
        <source>Seat {0} on the time bank: {1} s</source>
        <translation>Место {0} на запасе времени: {1} с</translation>
    </message>
    <message>
        <source>fold</source>
        <translation>пас</translation>
    </message>
    <message>
        <source>check</source>
        <translation>чек</translation>
    </message>
    <message>
        <source>Seat {0}: time. The rule gives a {1}</source>
        <translation>Место {0}: время вышло. По правилу — {1}</translation>
    </message>
    <message>
        <source>Confirm the {0} [Ctrl+Shift+L]</source>
        <translation>Подтвердить: {0} [Ctrl+Shift+L]</translation>
    </message>
</context>
<context>
    <name>DealerPushDialog</name>
    <message>
        <source>Dealer push: {0} signs out after this down; the incoming dealer signs in.</source>
        <translation>Смена дилера: {0} уходит после своей смены; входит новый дилер.</translation>
    </message>
    <message>
        <source>Dealer push</source>
        <translation>Смена дилера</translation>
    </message>
    <message>
        <source>No dealer push during a hand: finish hand {0} first, then the next dealer signs in</source>
        <translation>Смена дилера во время раздачи невозможна: сначала закончите раздачу {0}, затем входит следующий дилер</translation>
    </message>
    <message>
        <source>This table records nothing, so no dealer can sign in for a push</source>
        <translation>Этот стол ничего не записывает, поэтому для смены дилера никто не может войти</translation>
    </message>
</context>
<context>
    <name>NightTools</name>
    <message>
        <source>Dealer push…</source>
        <translation>Смена дилера…</translation>
    </message>
    <message>
        <source>Call the clock</source>
        <translation>Включить часы</translation>
    </message>
    <message>
        <source>Confirm the clock&apos;s outcome</source>
        <translation>Подтвердить итог часов</translation>
    </message>
</context>
<context>
    <name>PaceStatus</name>
    <message>
        <source>Pace: table {0}/h (30 min) · {1}&apos;s down: {2} hands in {3} min, {4}/h</source>
        <translation>Темп: стол {0}/ч (30 мин) · смена {1}: {2} раздач за {3} мин, {4}/ч</translation>
    </message>
</context>
</TS>
