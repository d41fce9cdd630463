<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>Action</name>
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
        <translation>рейз</translation>
    </message>
    <message>
        <source>all-in</source>
        <translation>олл-ин</translation>
    </message>
    <message>
        <source>fold</source>
        <translation>фолд</translation>
    </message>
</context>
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
        <translation>Бет на сумму ({0}–{1})</translation>
    </message>
    <message>
        <source>Raise to keypad amount ({0}–{1})</source>
        <translation>Рейз до суммы ({0}–{1})</translation>
    </message>
    <message>
        <source>Seat {0} to act</source>
        <translation>Ходит место {0}</translation>
    </message>
    <message>
        <source> (min, call {0})</source>
        <translation> (мин., колл {0})</translation>
    </message>
    <message>
        <source>All-in to {0} (call {1})</source>
        <translation>Олл-ин до {0} (колл {1})</translation>
    </message>
    <message>
        <source>All-in to {0}</source>
        <translation>Олл-ин до {0}</translation>
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
        <source> (call {0})</source>
        <translation> (колл {0})</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s hole cards</source>
        <translation>Отмена: карты места {0}</translation>
    </message>
    <message>
        <source>Undo: the board cards dealt</source>
        <translation>Отмена: сданные карты борда</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s discard</source>
        <translation>Отмена: сброс места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s straddle</source>
        <translation>Отмена: стрэддл места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s blind</source>
        <translation>Отмена: блайнд места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s runs</source>
        <translation>Отмена: прогоны места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s hand shown</source>
        <translation>Отмена: вскрытие места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s muck</source>
        <translation>Отмена: мак места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s answer</source>
        <translation>Отмена: ответ места {0}</translation>
    </message>
    <message>
        <source>Undo: seat {0}&apos;s action</source>
        <translation>Отмена: ход места {0}</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Misdeal</source>
        <translation>Мисдил</translation>
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
    <name>Audit</name>
    <message>
        <source>contributed {amount} = awarded {amount2} + rake {amount3} + jackpot drop {amount4} + returned {amount5}: balanced</source>
        <translation>внесено {amount} = выиграно {amount2} + рейк {amount3} + в джекпот {amount4} + возвращено {amount5}: сходится</translation>
    </message>
    <message>
        <source>contributed {amount} = awarded {amount2} + rake {amount3} + jackpot drop {amount4} + returned {amount5}: NOT BALANCED</source>
        <translation>внесено {amount} = выиграно {amount2} + рейк {amount3} + в джекпот {amount4} + возвращено {amount5}: НЕ СХОДИТСЯ</translation>
    </message>
</context>
<context>
    <name>Blind</name>
    <message>
        <source>small blind</source>
        <translation>малый блайнд</translation>
    </message>
    <message>
        <source>big blind</source>
        <translation>большой блайнд</translation>
    </message>
    <message>
        <source>straddle</source>
        <translation>стрэддл</translation>
    </message>
    <message>
        <source>re-straddle</source>
        <translation>ре-стрэддл</translation>
    </message>
    <message>
        <source>Mississippi straddle</source>
        <translation>стрэддл Миссисипи</translation>
    </message>
    <message>
        <source>live post</source>
        <translation>живой пост</translation>
    </message>
    <message>
        <source>dead post</source>
        <translation>мёртвый пост</translation>
    </message>
    <message>
        <source>ante</source>
        <translation>анте</translation>
    </message>
</context>
<context>
    <name>BoardChange</name>
    <message>
        <source>disconnected</source>
        <translation>отключена</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>подключена</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>готова</translation>
    </message>
    <message>
        <source>silent</source>
        <translation>молчит</translation>
    </message>
    <message>
        <source>incompatible</source>
        <translation>несовместима</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрыта</translation>
    </message>
</context>
<context>
    <name>BoardRole</name>
    <message>
        <source>zones</source>
        <translation>зоны ставок</translation>
    </message>
    <message>
        <source>button</source>
        <translation>баттон</translation>
    </message>
    <message>
        <source>combined</source>
        <translation>зоны и баттон</translation>
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
    <name>BoardWidget</name>
    <message>
        <source>Run {0}</source>
        <translation>Прогон {0}</translation>
    </message>
    <message>
        <source>Board {0}</source>
        <translation>Борд {0}</translation>
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
        <translation>Калибровка камеры — дело менеджера зала.</translation>
    </message>
</context>
<context>
    <name>Camera</name>
    <message>
        <source>Cannot deal the {street_run}: {zone}, card {n}: {note}</source>
        <translation>Нельзя сдать {street_run}: {zone}, карта {n}: {note}</translation>
    </message>
    <message>
        <source>Cannot deal the {street_run}: {zone}, card {n}: {note} in the camera panel (V)</source>
        <translation>Нельзя сдать {street_run}: {zone}, карта {n}: {note} на панели камеры (V)</translation>
    </message>
    <message>
        <source>Cannot show seat {seat}&apos;s hand: card {n}: {note}</source>
        <translation>Нельзя открыть карты места {seat}: карта {n}: {note}</translation>
    </message>
    <message>
        <source>Cannot show seat {seat}&apos;s hand: card {n}: {note} in the camera panel (V)</source>
        <translation>Нельзя открыть карты места {seat}: карта {n}: {note} на панели камеры (V)</translation>
    </message>
    <message>
        <source>Type the {street_run} (1 card): {unread}, and at a table dealt face down the console does not know the deck</source>
        <translation>Наберите {street_run} (1 карта): {unread}, а за столом с закрытой сдачей пульт не знает колоду</translation>
    </message>
    <message>
        <source>Seat {seat} cannot show: they hold no cards</source>
        <translation>Место {seat} не может открыть карты: карт нет</translation>
    </message>
    <message>
        <source>Camera, {zone} card {n}: {note}</source>
        <translation>Камера, {zone}, карта {n}: {note}</translation>
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
    <message>
        <source>it shows its picture only</source>
        <translation>она показывает только изображение</translation>
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
    <name>Chips</name>
    <message>
        <source>the bet zone shows {amount}, less than the {amount2} already in front</source>
        <translation>в зоне ставки {amount}, меньше уже выставленных {amount2}</translation>
    </message>
    <message>
        <source>the bet zone shows {amount}, more than the seat&apos;s {amount2} in chips</source>
        <translation>в зоне ставки {amount}, больше, чем фишек у места ({amount2})</translation>
    </message>
    <message>
        <source>the call is {amount}, the bet zone shows {amount2}</source>
        <translation>колл — {amount}, в зоне ставки {amount2}</translation>
    </message>
    <message>
        <source>the smallest bet is {amount}, the bet zone shows {amount2}</source>
        <translation>минимальный бет — {amount}, в зоне ставки {amount2}</translation>
    </message>
    <message>
        <source>chips match the call to {amount}</source>
        <translation>фишки совпадают с коллом до {amount}</translation>
    </message>
    <message>
        <source>all-in for {amount}, less than the call to {amount2}</source>
        <translation>олл-ин на {amount}, меньше колла до {amount2}</translation>
    </message>
    <message>
        <source>a single oversized chip of {amount} without a declaration is a call to {amount2} (TDA 46)</source>
        <translation>одна крупная фишка {amount} без объявления — это колл до {amount2} (правило 46 турнирных директоров)</translation>
    </message>
    <message>
        <source>every chip is needed for the call to {amount}: a call (TDA 45)</source>
        <translation>все фишки нужны для колла до {amount}: это колл (правило 45 турнирных директоров)</translation>
    </message>
    <message>
        <source>all-in bet of {amount}</source>
        <translation>олл-ин бет {amount}</translation>
    </message>
    <message>
        <source>the largest bet is {amount}; {amount2} goes back</source>
        <translation>наибольший бет — {amount}; {amount2} возвращается</translation>
    </message>
    <message>
        <source>bet of {amount}</source>
        <translation>бет {amount}</translation>
    </message>
    <message>
        <source>a raise is not allowed now; a call to {amount}, {amount2} goes back</source>
        <translation>рейз сейчас нельзя; колл до {amount}, {amount2} возвращается</translation>
    </message>
    <message>
        <source>a raise is not allowed now; {amount} goes back</source>
        <translation>рейз сейчас нельзя; {amount} возвращается</translation>
    </message>
    <message>
        <source>all-in raise to {amount}</source>
        <translation>олл-ин рейз до {amount}</translation>
    </message>
    <message>
        <source>the largest raise is to {amount}; {amount2} goes back</source>
        <translation>наибольший рейз — до {amount}; {amount2} возвращается</translation>
    </message>
    <message>
        <source>raise to {amount} (raise declared)</source>
        <translation>рейз до {amount} (рейз объявлен)</translation>
    </message>
    <message>
        <source>raise to {amount} (chips beyond the call)</source>
        <translation>рейз до {amount} (фишек больше колла)</translation>
    </message>
    <message>
        <source>raise to {amount} (a single chip where no call was owed)</source>
        <translation>рейз до {amount} (одна фишка, когда колл не требовался)</translation>
    </message>
    <message>
        <source>{amount} is short of the minimum raise to {amount2}: a full raise is owed (TDA 43)</source>
        <translation>{amount} меньше минимального рейза до {amount2}: нужен полный рейз (правило 43 турнирных директоров)</translation>
    </message>
    <message>
        <source>{amount} is less than half a raise: a call to {amount2} (TDA 43)</source>
        <translation>{amount} — меньше половины рейза: это колл до {amount2} (правило 43 турнирных директоров)</translation>
    </message>
    <message>
        <source>{amount} is less than half a raise: a check, the chips go back (TDA 43)</source>
        <translation>{amount} — меньше половины рейза: это чек, фишки возвращаются (правило 43 турнирных директоров)</translation>
    </message>
</context>
<context>
    <name>ChipsDialog</name>
    <message>
        <source>Seat {0}: rebuy</source>
        <translation>Место {0}: докупка после проигрыша</translation>
    </message>
    <message>
        <source>Seat {0}: add on</source>
        <translation>Место {0}: докупка</translation>
    </message>
    <message>
        <source>A hand is being played: the chips play from the next hand.</source>
        <translation>Идёт раздача: фишки вступят в игру со следующей раздачи.</translation>
    </message>
    <message>
        <source>Chips</source>
        <translation>Фишки</translation>
    </message>
    <message>
        <source>Rebuy</source>
        <translation>Ребай</translation>
    </message>
    <message>
        <source>Add on</source>
        <translation>Докупить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
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
    <name>CloseTableDialog</name>
    <message>
        <source>Close the table</source>
        <translation>Закрыть стол</translation>
    </message>
    <message>
        <source>Cash everyone out and close</source>
        <translation>Рассчитать всех и закрыть</translation>
    </message>
    <message>
        <source>Save the session report…</source>
        <translation>Сохранить отчёт о сессии…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Готово</translation>
    </message>
    <message>
        <source>Table closed by {0}. The session&apos;s chip audit:</source>
        <translation>Стол закрыл {0}. Сверка фишек за сессию:</translation>
    </message>
    <message>
        <source>Closing cashes out {0} players. The chip audit so far:</source>
        <translation>При закрытии рассчитываются игроки: {0}. Сверка фишек на сейчас:</translation>
    </message>
    <message>
        <source>Buy-ins: {0}</source>
        <translation>Закупки: {0}</translation>
    </message>
    <message>
        <source>of which rebuys and add-ons: {0}</source>
        <translation>из них ребаи и докупки: {0}</translation>
    </message>
    <message>
        <source>Cash-outs: {0}</source>
        <translation>Выплаты: {0}</translation>
    </message>
    <message>
        <source>Rake: {0}</source>
        <translation>Рейк: {0}</translation>
    </message>
    <message>
        <source>Jackpot drop: {0}</source>
        <translation>Отчисление в джекпот: {0}</translation>
    </message>
    <message>
        <source>Chips in play: {0}</source>
        <translation>Фишки в игре: {0}</translation>
    </message>
    <message>
        <source>Hands played: {0}</source>
        <translation>Сыграно раздач: {0}</translation>
    </message>
    <message>
        <source>The audit balances.</source>
        <translation>Сверка сходится.</translation>
    </message>
    <message>
        <source>The audit does NOT balance.</source>
        <translation>Сверка НЕ сходится.</translation>
    </message>
    <message>
        <source>Save the session report</source>
        <translation>Сохранить отчёт о сессии</translation>
    </message>
    <message>
        <source>Save the session report as PDF…</source>
        <translation>Сохранить отчёт о сессии в PDF…</translation>
    </message>
    <message>
        <source>Session report: {0}</source>
        <translation>Отчёт о сессии: {0}</translation>
    </message>
</context>
<context>
    <name>Closed</name>
    <message>
        <source>hand #{n} started, seq {n2}</source>
        <translation>началась раздача №{n}, событие {n2}</translation>
    </message>
    <message>
        <source>substantial action on hand #{n}, seq {n2}</source>
        <translation>существенное действие в раздаче №{n}, событие {n2}</translation>
    </message>
</context>
<context>
    <name>Counted</name>
    <message numerus="yes">
        <source>the {street} is %n card(s), not {n}</source>
        <translation>
            <numerusform>{street} — это %n карта, а не {n}</numerusform>
            <numerusform>{street} — это %n карты, а не {n}</numerusform>
            <numerusform>{street} — это %n карт, а не {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{variant} has %n board(s); there is no board {n}</source>
        <translation>
            <numerusform>в игре «{variant}» %n борд; борда {n} нет</numerusform>
            <numerusform>в игре «{variant}» %n борда; борда {n} нет</numerusform>
            <numerusform>в игре «{variant}» %n бордов; борда {n} нет</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>only %n run(s) were agreed; there is no run {n}</source>
        <translation>
            <numerusform>договорились только об %n прогоне; прогона {n} нет</numerusform>
            <numerusform>договорились только о %n прогонах; прогона {n} нет</numerusform>
            <numerusform>договорились только о %n прогонах; прогона {n} нет</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{variant} deals %n hole cards, not {n}</source>
        <translation>
            <numerusform>в игре «{variant}» сдают %n закрытую карту, а не {n}</numerusform>
            <numerusform>в игре «{variant}» сдают %n закрытые карты, а не {n}</numerusform>
            <numerusform>в игре «{variant}» сдают %n закрытых карт, а не {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>they hold %n cards, not {n}</source>
        <translation>
            <numerusform>у игрока %n карта, а не {n}</numerusform>
            <numerusform>у игрока %n карты, а не {n}</numerusform>
            <numerusform>у игрока %n карт, а не {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>between 1 and %n runs are allowed</source>
        <translation>
            <numerusform>разрешено от 1 до %n прогона</numerusform>
            <numerusform>разрешено от 1 до %n прогонов</numerusform>
            <numerusform>разрешено от 1 до %n прогонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the betting is capped at %n bets this round</source>
        <translation>
            <numerusform>в этом круге не больше %n ставки</numerusform>
            <numerusform>в этом круге не больше %n ставок</numerusform>
            <numerusform>в этом круге не больше %n ставок</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>run it %n times</source>
        <translation>
            <numerusform>прогнать борд %n раз</numerusform>
            <numerusform>прогнать борд %n раза</numerusform>
            <numerusform>прогнать борд %n раз</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Seat {seat} holds %n cards, not {n}</source>
        <translation>
            <numerusform>У места {seat} %n карта, а не {n}</numerusform>
            <numerusform>У места {seat} %n карты, а не {n}</numerusform>
            <numerusform>У места {seat} %n карт, а не {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>{typed} is %n cards, not {n}</source>
        <translation>
            <numerusform>{typed} — это %n карта, а не {n}</numerusform>
            <numerusform>{typed} — это %n карты, а не {n}</numerusform>
            <numerusform>{typed} — это %n карт, а не {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>appending %n records to table {n}</source>
        <translation>
            <numerusform>запись %n события для стола {n}</numerusform>
            <numerusform>запись %n событий для стола {n}</numerusform>
            <numerusform>запись %n событий для стола {n}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>sign-in refused for {quoted}: the account is locked out after %n wrong PINs or passwords; a floor manager must unlock it</source>
        <translation>
            <numerusform>Вход для {quoted} отклонён: учётная запись заблокирована после %n неверного ПИН-кода или пароля; её должен разблокировать менеджер зала</numerusform>
            <numerusform>Вход для {quoted} отклонён: учётная запись заблокирована после %n неверных ПИН-кодов или паролей; её должен разблокировать менеджер зала</numerusform>
            <numerusform>Вход для {quoted} отклонён: учётная запись заблокирована после %n неверных ПИН-кодов или паролей; её должен разблокировать менеджер зала</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>sign-in refused for {quoted}: wrong PIN or password %n times; the account is now locked out until a floor manager unlocks it</source>
        <translation>
            <numerusform>Вход для {quoted} отклонён: неверный ПИН-код или пароль %n раз; учётная запись заблокирована, пока её не разблокирует менеджер зала</numerusform>
            <numerusform>Вход для {quoted} отклонён: неверный ПИН-код или пароль %n раза; учётная запись заблокирована, пока её не разблокирует менеджер зала</numerusform>
            <numerusform>Вход для {quoted} отклонён: неверный ПИН-код или пароль %n раз; учётная запись заблокирована, пока её не разблокирует менеджер зала</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>A hand needs two players with chips who are not sitting out; %n can play now</source>
        <translation>
            <numerusform>Для раздачи нужны два игрока с фишками, не пропускающие игру; сейчас может играть %n</numerusform>
            <numerusform>Для раздачи нужны два игрока с фишками, не пропускающие игру; сейчас могут играть %n</numerusform>
            <numerusform>Для раздачи нужны два игрока с фишками, не пропускающие игру; сейчас могут играть %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cannot deal the {street_run}: the camera sees %n card(s) on {zone}, the {street_run2} makes {n}: lay the cards in the board area and wait for the camera, or turn off &apos;Board from camera&apos;</source>
        <translation>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карту ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру или выключите «Борд с камеры»</numerusform>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карты ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру или выключите «Борд с камеры»</numerusform>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карт ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру или выключите «Борд с камеры»</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cannot deal the {street_run}: the camera sees %n card(s) on {zone}, the {street_run2} makes {n}: lay the cards in the board area and wait for the camera, or turn off &apos;Board from camera&apos;, or type them (Shift+D)</source>
        <translation>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карту ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру, выключите «Борд с камеры» или наберите их (Shift+D)</numerusform>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карты ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру, выключите «Борд с камеры» или наберите их (Shift+D)</numerusform>
            <numerusform>Нельзя сдать {street_run}: камера видит %n карт ({zone}), а нужно {n}: положите карты в зону борда и подождите камеру, выключите «Борд с камеры» или наберите их (Shift+D)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Cannot show seat {seat}&apos;s hand: the camera sees %n card(s) at seat {seat2}, who holds {n}: the cards go face up in front of the seat; wait for the camera, or type them (Shift+S)</source>
        <translation>
            <numerusform>Нельзя открыть карты места {seat}: камера видит у места {seat2} %n карту, а у игрока их {n}: карты кладут лицом вверх перед местом; подождите камеру или наберите их (Shift+S)</numerusform>
            <numerusform>Нельзя открыть карты места {seat}: камера видит у места {seat2} %n карты, а у игрока их {n}: карты кладут лицом вверх перед местом; подождите камеру или наберите их (Shift+S)</numerusform>
            <numerusform>Нельзя открыть карты места {seat}: камера видит у места {seat2} %n карт, а у игрока их {n}: карты кладут лицом вверх перед местом; подождите камеру или наберите их (Shift+S)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Type the {street_run} (%n cards): {unread}, and at a table dealt face down the console does not know the deck</source>
        <translation>
            <numerusform>Наберите {street_run} (%n карта): {unread}, а за столом с закрытой сдачей пульт не знает колоду</numerusform>
            <numerusform>Наберите {street_run} (%n карты): {unread}, а за столом с закрытой сдачей пульт не знает колоду</numerusform>
            <numerusform>Наберите {street_run} (%n карт): {unread}, а за столом с закрытой сдачей пульт не знает колоду</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Type seat {seat}&apos;s %n cards: they were dealt face down and {unread}</source>
        <translation>
            <numerusform>Наберите %n карту места {seat}: её сдали закрытой, и {unread}</numerusform>
            <numerusform>Наберите %n карты места {seat}: их сдали закрытыми, и {unread}</numerusform>
            <numerusform>Наберите %n карт места {seat}: их сдали закрытыми, и {unread}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}</source>
        <translation>
            <numerusform>стол {n} ({name}): %n событие, цепочка цела, последнее событие {n2}, хеш {hash}</numerusform>
            <numerusform>стол {n} ({name}): %n события, цепочка цела, последнее событие {n2}, хеш {hash}</numerusform>
            <numerusform>стол {n} ({name}): %n событий, цепочка цела, последнее событие {n2}, хеш {hash}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>table {n} ({name}): %n events, chain intact, head seq {n2} hash {hash}, signed by key {hash2}</source>
        <translation>
            <numerusform>стол {n} ({name}): %n событие, цепочка цела, последнее событие {n2}, хеш {hash}, подписано ключом {hash2}</numerusform>
            <numerusform>стол {n} ({name}): %n события, цепочка цела, последнее событие {n2}, хеш {hash}, подписано ключом {hash2}</numerusform>
            <numerusform>стол {n} ({name}): %n событий, цепочка цела, последнее событие {n2}, хеш {hash}, подписано ключом {hash2}</numerusform>
        </translation>
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
        <source>Console</source>
        <translation>Пульт</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Выход</translation>
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
        <translation>Настройки стола (менеджер зала)…</translation>
    </message>
    <message>
        <source>House settings (floor)…</source>
        <translation>Правила заведения (менеджер зала)…</translation>
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
        <source>Camera</source>
        <translation>Камера</translation>
    </message>
    <message>
        <source>Sensors</source>
        <translation>Датчики</translation>
    </message>
    <message>
        <source>Key {0}: no amount is asked for now</source>
        <translation>Клавиша {0}: сейчас сумма не нужна</translation>
    </message>
    <message>
        <source>Key {0}: wait, the last step is still being recorded</source>
        <translation>Клавиша {0}: подождите, последний шаг ещё записывается</translation>
    </message>
    <message>
        <source>Key {0}: not possible now (only the actions shown on the buttons are)</source>
        <translation>Клавиша {0}: сейчас нельзя (можно только то, что на кнопках)</translation>
    </message>
    <message>
        <source>Key {0} does nothing; the keys are on the buttons</source>
        <translation>Клавиша {0} ничего не делает; клавиши указаны на кнопках</translation>
    </message>
    <message>
        <source>Ctrl+Z: nothing to undo now</source>
        <translation>Ctrl+Z: сейчас нечего отменять</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>{0}? The cards go back on top of the deck.</source>
        <translation>{0}? Карты вернутся наверх колоды.</translation>
    </message>
    <message>
        <source>Not undone: {0}</source>
        <translation>Не отменено: {0}</translation>
    </message>
    <message>
        <source>A floor sign-in needs the staff records of the event store; this table records nothing</source>
        <translation>Для входа менеджера зала нужны учётные записи персонала в журнале событий; этот стол ничего не записывает</translation>
    </message>
    <message>
        <source>A Mississippi straddle needs a floor manager&apos;s authorization.</source>
        <translation>Стрэддл Миссисипи требует разрешения менеджера зала.</translation>
    </message>
    <message>
        <source>Table settings are the floor&apos;s.</source>
        <translation>Настройки стола меняет менеджер зала.</translation>
    </message>
    <message>
        <source>House settings are the floor&apos;s.</source>
        <translation>Правила заведения меняет менеджер зала.</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Устройства</translation>
    </message>
    <message>
        <source>Calibrate the camera (floor)…</source>
        <translation>Калибровка камеры (менеджер зала)…</translation>
    </message>
    <message>
        <source>Teach the deck…</source>
        <translation>Обучить колоду…</translation>
    </message>
    <message>
        <source>The demo&apos;s synthetic camera needs no calibration: calibrate a real camera ([devices] camera)</source>
        <translation>Синтетической камере демо-стола калибровка не нужна: калибруют настоящую камеру ([devices] camera)</translation>
    </message>
    <message>
        <source>Camera calibrated ({0}): the cards are placed on the table&apos;s zones</source>
        <translation>Камера откалибрована ({0}): карты размещаются по зонам стола</translation>
    </message>
    <message>
        <source>The demo&apos;s synthetic camera is taught its deck already: teach a real camera&apos;s deck ([devices] camera)</source>
        <translation>Синтетическая камера демо-стола уже знает свою колоду: обучают колоду настоящей камеры ([devices] camera)</translation>
    </message>
    <message>
        <source>Calibrate the camera first (Devices, Calibrate the camera): the calibration gives the card size the deck is taught at</source>
        <translation>Сначала откалибруйте камеру (Устройства, Калибровка камеры): калибровка задаёт размер карт для обучения колоды</translation>
    </message>
    <message>
        <source>Deck taught ({0}): the camera reads with it</source>
        <translation>Колода обучена ({0}): камера читает по ней</translation>
    </message>
    <message>
        <source>Devices not started: {0}; the table plays on without them</source>
        <translation>Устройства не запущены: {0}; стол играет без них</translation>
    </message>
</context>
<context>
    <name>DeviceNews</name>
    <message>
        <source>Camera: the cards could not be read ({text}); deal from the console</source>
        <translation>Камера: карты не удалось прочитать ({text}); сдавайте с пульта</translation>
    </message>
    <message>
        <source>Camera: picture back ({status}, {text})</source>
        <translation>Камера: изображение вернулось ({status}, {text})</translation>
    </message>
    <message>
        <source>Camera: picture back ({status})</source>
        <translation>Камера: изображение вернулось ({status})</translation>
    </message>
    <message>
        <source>Camera: {status} ({text}); deal from the console meanwhile</source>
        <translation>Камера: {status} ({text}); пока сдавайте с пульта</translation>
    </message>
    <message>
        <source>Camera: {status}; deal from the console meanwhile</source>
        <translation>Камера: {status}; пока сдавайте с пульта</translation>
    </message>
    <message>
        <source>Sensor board {name}: connected ({text})</source>
        <translation>Плата датчиков {name}: подключена ({text})</translation>
    </message>
    <message>
        <source>Sensor board {name}: {board_state} ({text})</source>
        <translation>Плата датчиков {name}: {board_state} ({text})</translation>
    </message>
</context>
<context>
    <name>Devices</name>
    <message>
        <source>HELLO from {name} ({role}, protocol {version}, {name2})</source>
        <translation>Плата {name} на связи ({role}, протокол {version}, прошивка {name2})</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>не запущена</translation>
    </message>
    <message>
        <source>cannot open the camera: {text}</source>
        <translation>не удаётся открыть камеру: {text}</translation>
    </message>
    <message>
        <source>Seat {seat}: {chips}</source>
        <translation>Место {seat}: {chips}</translation>
    </message>
    <message>
        <source>Seat {seat} is not dealt in, but its bet zone shows {amount}</source>
        <translation>Место {seat} не в раздаче, но в его зоне ставки {amount}</translation>
    </message>
    <message>
        <source>Seat {seat} is not to act, but its bet zone shows {amount} against {amount2} in front</source>
        <translation>Место {seat} не ходит, но в его зоне ставки {amount} при {amount2} выставленных</translation>
    </message>
    <message>
        <source>Seat {seat}: the dealer entered {action} for {amount}, the bet zone shows {amount2}</source>
        <translation>Место {seat}: дилер ввёл «{action}» на {amount}, в зоне ставки {amount2}</translation>
    </message>
    <message>
        <source>The button is on seat {seat} for the console, the sensor sees it on {place}</source>
        <translation>Баттон по пульту на месте {seat}, датчик видит его: {place}</translation>
    </message>
    <message>
        <source>No bet is read from the chips of the seat to act</source>
        <translation>По фишкам ходящего места ставка не прочитана</translation>
    </message>
    <message>
        <source>The chips changed: seat {seat} now reads {action} {amount}; look again and accept</source>
        <translation>Фишки изменились: у места {seat} теперь читается «{action}» {amount}; проверьте и примите</translation>
    </message>
</context>
<context>
    <name>DisputeKind</name>
    <message>
        <source>hand reading</source>
        <translation>чтение руки</translation>
    </message>
    <message>
        <source>accounting</source>
        <translation>подсчёт</translation>
    </message>
</context>
<context>
    <name>Doing</name>
    <message>
        <source>appending {kind} to table {n}</source>
        <translation>запись события «{kind}» для стола {n}</translation>
    </message>
    <message>
        <source>signing in</source>
        <translation>вход</translation>
    </message>
    <message>
        <source>checking a sign-in</source>
        <translation>проверка входа</translation>
    </message>
    <message>
        <source>locking an account out</source>
        <translation>блокировка учётной записи</translation>
    </message>
    <message>
        <source>opening the database</source>
        <translation>открытие базы данных</translation>
    </message>
    <message>
        <source>numbering a hand</source>
        <translation>нумерация раздачи</translation>
    </message>
    <message>
        <source>storing evidence {hash}</source>
        <translation>сохранение снимка {hash}</translation>
    </message>
    <message>
        <source>holding evidence</source>
        <translation>удержание снимков</translation>
    </message>
    <message>
        <source>creating table {quoted}</source>
        <translation>создание стола {quoted}</translation>
    </message>
    <message>
        <source>verifying the log</source>
        <translation>проверка журнала</translation>
    </message>
    <message>
        <source>searching hands</source>
        <translation>поиск раздач</translation>
    </message>
</context>
<context>
    <name>Event</name>
    <message>
        <source>{kind} {fields}</source>
        <translation>{kind}: {fields}</translation>
    </message>
    <message>
        <source>{field}={value}</source>
        <translation>{field} {value}</translation>
    </message>
</context>
<context>
    <name>EventField</name>
    <message>
        <source>agreements</source>
        <translation>договорённости</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>согласие</translation>
    </message>
    <message>
        <source>amount</source>
        <translation>сумма</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>применено</translation>
    </message>
    <message>
        <source>authorized_by</source>
        <translation>разрешил</translation>
    </message>
    <message>
        <source>blind</source>
        <translation>ставка</translation>
    </message>
    <message>
        <source>board</source>
        <translation>борд</translation>
    </message>
    <message>
        <source>buy_in</source>
        <translation>бай-ин</translation>
    </message>
    <message>
        <source>by</source>
        <translation>кто</translation>
    </message>
    <message>
        <source>card</source>
        <translation>карта</translation>
    </message>
    <message>
        <source>cards</source>
        <translation>карты</translation>
    </message>
    <message>
        <source>cashed_out</source>
        <translation>выплачено</translation>
    </message>
    <message>
        <source>changes</source>
        <translation>изменения</translation>
    </message>
    <message>
        <source>choices</source>
        <translation>выбор</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>уверенность</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>решение</translation>
    </message>
    <message>
        <source>disputed_amount</source>
        <translation>спорная сумма</translation>
    </message>
    <message>
        <source>final_stacks</source>
        <translation>итоговые стеки</translation>
    </message>
    <message>
        <source>floor_manager</source>
        <translation>менеджер зала</translation>
    </message>
    <message>
        <source>hand_number</source>
        <translation>номер раздачи</translation>
    </message>
    <message>
        <source>jackpot</source>
        <translation>джекпот</translation>
    </message>
    <message>
        <source>late</source>
        <translation>запоздало</translation>
    </message>
    <message>
        <source>name</source>
        <translation>имя</translation>
    </message>
    <message>
        <source>number</source>
        <translation>номер</translation>
    </message>
    <message>
        <source>player</source>
        <translation>игрок</translation>
    </message>
    <message>
        <source>players</source>
        <translation>игроки</translation>
    </message>
    <message>
        <source>pot_held</source>
        <translation>банк задержан</translation>
    </message>
    <message>
        <source>pot_total</source>
        <translation>банк</translation>
    </message>
    <message>
        <source>rake</source>
        <translation>рейк</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>причина</translation>
    </message>
    <message>
        <source>replacement</source>
        <translation>замена</translation>
    </message>
    <message>
        <source>reportable</source>
        <translation>для отчёта</translation>
    </message>
    <message>
        <source>rule</source>
        <translation>правило</translation>
    </message>
    <message>
        <source>run</source>
        <translation>прогон</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>прогоны</translation>
    </message>
    <message>
        <source>seat</source>
        <translation>место</translation>
    </message>
    <message>
        <source>status</source>
        <translation>состояние</translation>
    </message>
    <message>
        <source>subject</source>
        <translation>что</translation>
    </message>
    <message>
        <source>target</source>
        <translation>цель</translation>
    </message>
    <message>
        <source>target_seq</source>
        <translation>событие</translation>
    </message>
    <message>
        <source>value</source>
        <translation>значение</translation>
    </message>
</context>
<context>
    <name>EventKind</name>
    <message>
        <source>table_event</source>
        <translation>событие стола</translation>
    </message>
    <message>
        <source>seated</source>
        <translation>игрок сел</translation>
    </message>
    <message>
        <source>add_on</source>
        <translation>докупка</translation>
    </message>
    <message>
        <source>cash_out</source>
        <translation>выплата</translation>
    </message>
    <message>
        <source>sit_out</source>
        <translation>пропуск раздач</translation>
    </message>
    <message>
        <source>come_back</source>
        <translation>возвращение</translation>
    </message>
    <message>
        <source>leave</source>
        <translation>игрок ушёл</translation>
    </message>
    <message>
        <source>choices</source>
        <translation>выбор игр</translation>
    </message>
    <message>
        <source>agreements</source>
        <translation>договорённости</translation>
    </message>
    <message>
        <source>button</source>
        <translation>баттон</translation>
    </message>
    <message>
        <source>hand_started</source>
        <translation>раздача началась</translation>
    </message>
    <message>
        <source>hand_finished</source>
        <translation>раздача окончена</translation>
    </message>
    <message>
        <source>hand_misdealt</source>
        <translation>мисдил раздачи</translation>
    </message>
    <message>
        <source>blind</source>
        <translation>блайнд</translation>
    </message>
    <message>
        <source>restraddle_consent</source>
        <translation>согласие на ре-стрэддл</translation>
    </message>
    <message>
        <source>hole</source>
        <translation>закрытые карты</translation>
    </message>
    <message>
        <source>burn</source>
        <translation>сожжённая карта</translation>
    </message>
    <message>
        <source>board</source>
        <translation>борд</translation>
    </message>
    <message>
        <source>fold</source>
        <translation>фолд</translation>
    </message>
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
        <translation>рейз</translation>
    </message>
    <message>
        <source>all_in</source>
        <translation>олл-ин</translation>
    </message>
    <message>
        <source>discard</source>
        <translation>сброс</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>прогоны</translation>
    </message>
    <message>
        <source>show</source>
        <translation>вскрытие</translation>
    </message>
    <message>
        <source>muck</source>
        <translation>мак</translation>
    </message>
    <message>
        <source>misdeal</source>
        <translation>мисдил</translation>
    </message>
    <message>
        <source>void</source>
        <translation>отмена</translation>
    </message>
    <message>
        <source>staff_recovered</source>
        <translation>доступ восстановлен</translation>
    </message>
    <message>
        <source>table_opened</source>
        <translation>стол открыт</translation>
    </message>
    <message>
        <source>hand_opened</source>
        <translation>раздача открыта</translation>
    </message>
    <message>
        <source>hand_closed</source>
        <translation>раздача закрыта</translation>
    </message>
    <message>
        <source>ruling</source>
        <translation>решение</translation>
    </message>
    <message>
        <source>flag</source>
        <translation>отметка</translation>
    </message>
    <message>
        <source>reading</source>
        <translation>показание</translation>
    </message>
    <message>
        <source>house_settings</source>
        <translation>правила заведения</translation>
    </message>
    <message>
        <source>correction</source>
        <translation>исправление</translation>
    </message>
</context>
<context>
    <name>EventValue</name>
    <message>
        <source>True</source>
        <translation>да</translation>
    </message>
    <message>
        <source>False</source>
        <translation>нет</translation>
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
    <name>FeltWidget</name>
    <message>
        <source>dealer</source>
        <translation>дилер</translation>
    </message>
</context>
<context>
    <name>Floor</name>
    <message>
        <source>table {n} ({name}): BROKEN: {text}</source>
        <translation>стол {n} ({name}): ЦЕПОЧКА НАРУШЕНА: {text}</translation>
    </message>
    <message>
        <source>table {n} ({name}): PROJECTION DIFFERS: {text}</source>
        <translation>стол {n} ({name}): СВОДКА РАСХОДИТСЯ С ЖУРНАЛОМ: {text}</translation>
    </message>
    <message>
        <source>no settlement: the hand is {phase}</source>
        <translation>расчёта нет: раздача в состоянии «{phase}»</translation>
    </message>
    <message>
        <source>{pot} {amount} (seats {numbers})</source>
        <translation>{pot} {amount} (места {numbers})</translation>
    </message>
    <message>
        <source>stacks: {stacks}</source>
        <translation>стеки: {stacks}</translation>
    </message>
    <message>
        <source>chip audit: {audit}</source>
        <translation>сверка фишек: {audit}</translation>
    </message>
    <message>
        <source>Hand reading dispute: window OPEN (until the next hand starts)</source>
        <translation>Спор о чтении руки: окно ОТКРЫТО (до начала следующей раздачи)</translation>
    </message>
    <message>
        <source>Accounting dispute: window OPEN (until substantial action on the next hand)</source>
        <translation>Спор о подсчёте: окно ОТКРЫТО (до существенного действия в следующей раздаче)</translation>
    </message>
    <message>
        <source>Hand reading dispute: window CLOSED at {time} UTC ({closed}); a ruling now is recorded as late</source>
        <translation>Спор о чтении руки: окно ЗАКРЫТО в {time} UTC ({closed}); решение теперь записывается как запоздалое</translation>
    </message>
    <message>
        <source>Accounting dispute: window CLOSED at {time} UTC ({closed}); a ruling now is recorded as late</source>
        <translation>Спор о подсчёте: окно ЗАКРЫТО в {time} UTC ({closed}); решение теперь записывается как запоздалое</translation>
    </message>
</context>
<context>
    <name>Game</name>
    <message>
        <source>{structure} {variant}</source>
        <translation>{variant}, {structure}</translation>
    </message>
</context>
<context>
    <name>Hand</name>
    <message>
        <source>Royal Flush</source>
        <translation>роял-флеш</translation>
    </message>
    <message>
        <source>Straight Flush, {rank_gen} high</source>
        <translation>стрит-флеш до {rank_gen}</translation>
    </message>
    <message>
        <source>Four {ranks_gen}</source>
        <translation>каре {ranks_gen}</translation>
    </message>
    <message>
        <source>{ranks_gen} full of {ranks_gen2}</source>
        <translation>фулл-хаус из {ranks_gen} и {ranks_gen2}</translation>
    </message>
    <message>
        <source>Flush, {rank}-{rank2} high</source>
        <translation>флеш, старшие {rank} и {rank2}</translation>
    </message>
    <message>
        <source>Straight, {rank_gen} high</source>
        <translation>стрит до {rank_gen}</translation>
    </message>
    <message>
        <source>Three {ranks_gen}</source>
        <translation>тройка {ranks_gen}</translation>
    </message>
    <message>
        <source>Two Pair, {ranks} and {ranks2}</source>
        <translation>две пары: {ranks} и {ranks2}</translation>
    </message>
    <message>
        <source>Pair of {ranks_gen}</source>
        <translation>пара {ranks_gen}</translation>
    </message>
    <message>
        <source>High card {rank}</source>
        <translation>старшая карта: {rank}</translation>
    </message>
    <message>
        <source>{cards} low</source>
        <translation>лоу {cards}</translation>
    </message>
</context>
<context>
    <name>HandStatus</name>
    <message>
        <source>open</source>
        <translation>идёт</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>завершена</translation>
    </message>
    <message>
        <source>misdealt</source>
        <translation>мисдил</translation>
    </message>
</context>
<context>
    <name>HouseChoice</name>
    <message>
        <source>small-blind-first</source>
        <translation>сначала малый блайнд</translation>
    </message>
    <message>
        <source>left-of-big-blind</source>
        <translation>слева от большого блайнда</translation>
    </message>
    <message>
        <source>straddle</source>
        <translation>стрэддл</translation>
    </message>
    <message>
        <source>mississippi</source>
        <translation>Миссисипи</translation>
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
        <translation>Менеджер зала: {0}. Изменения действуют со следующей раздачи.</translation>
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
    <message>
        <source>Action clock, seconds (0: no clock)</source>
        <translation>Часы на ход, секунд (0: без часов)</translation>
    </message>
    <message>
        <source>Time bank per player, seconds</source>
        <translation>Запас времени игрока, секунд</translation>
    </message>
</context>
<context>
    <name>InPlay</name>
    <message>
        <source>on the board</source>
        <translation>на борде</translation>
    </message>
    <message>
        <source>on board {n}</source>
        <translation>на борде {n}</translation>
    </message>
    <message>
        <source>on the board, run {n}</source>
        <translation>на борде, прогон {n}</translation>
    </message>
    <message>
        <source>on board {n}, run {n2}</source>
        <translation>на борде {n}, прогон {n2}</translation>
    </message>
    <message>
        <source>in seat {seat}&apos;s hand</source>
        <translation>на руке у места {seat}</translation>
    </message>
    <message>
        <source>discarded by seat {seat}</source>
        <translation>сброшена местом {seat}</translation>
    </message>
    <message>
        <source>burned</source>
        <translation>сожжена</translation>
    </message>
</context>
<context>
    <name>Joiner</name>
    <message>
        <source> and </source>
        <translation> и </translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
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
        <translation>Разрешил менеджер зала {0}.</translation>
    </message>
    <message>
        <source>Seat {0} (button) posts a Mississippi straddle of {1}</source>
        <translation>Место {0} (баттон) ставит стрэддл Миссисипи {1}</translation>
    </message>
</context>
<context>
    <name>MoveSeatDialog</name>
    <message>
        <source>Seat {0}: change seat</source>
        <translation>Место {0}: пересадка</translation>
    </message>
    <message>
        <source>Seat {0}</source>
        <translation>Место {0}</translation>
    </message>
    <message>
        <source>Move to</source>
        <translation>Пересесть на</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>Пересадить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
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
    <name>Note</name>
    <message>
        <source>{card} is read twice on the table</source>
        <translation>{card} прочитана на столе дважды</translation>
    </message>
    <message>
        <source>read below {n} % (best guess {card})</source>
        <translation>уверенность ниже {n} % (вероятнее всего {card})</translation>
    </message>
    <message>
        <source>read below {n} % (best guess {card}): confirm or correct it</source>
        <translation>уверенность ниже {n} % (вероятнее всего {card}): подтвердите или исправьте</translation>
    </message>
    <message>
        <source>read below {n} % (best guess {card}); the hand has {card2} there</source>
        <translation>уверенность ниже {n} % (вероятнее всего {card}); в раздаче здесь {card2}</translation>
    </message>
    <message>
        <source>not read the same in {n} frames in a row yet (best guess {card})</source>
        <translation>ещё не прочитана одинаково в {n} кадрах подряд (вероятнее всего {card})</translation>
    </message>
    <message>
        <source>not read the same in {n} frames in a row yet (best guess {card}): wait for the camera, or confirm or correct it</source>
        <translation>ещё не прочитана одинаково в {n} кадрах подряд (вероятнее всего {card}): подождите камеру или подтвердите либо исправьте</translation>
    </message>
    <message>
        <source>not read the same in {n} frames in a row yet (best guess {card}); the hand has {card2} there</source>
        <translation>ещё не прочитана одинаково в {n} кадрах подряд (вероятнее всего {card}); в раздаче здесь {card2}</translation>
    </message>
    <message>
        <source>the camera reads {card}, the hand has {card2} there</source>
        <translation>камера читает {card}, а в раздаче здесь {card2}</translation>
    </message>
    <message>
        <source>{card} is in seat {seat}&apos;s hand</source>
        <translation>{card} — на руке у места {seat}</translation>
    </message>
    <message>
        <source>{card} is already on {zone}</source>
        <translation>{card} уже лежит: {zone}</translation>
    </message>
    <message>
        <source>the camera reads {card}, {zone} holds {cards}</source>
        <translation>камера читает {card}, а там ({zone}) {cards}</translation>
    </message>
    <message>
        <source>{card} is on the board</source>
        <translation>{card} лежит на борде</translation>
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
    <name>PaceStatus</name>
    <message>
        <source>Pace: table {0}/h (30 min) · {1}&apos;s down: {2} hands in {3} min, {4}/h</source>
        <translation>Темп: стол {0}/ч (30 мин) · смена {1}: {2} раздач за {3} мин, {4}/ч</translation>
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
    <name>Place</name>
    <message>
        <source>no seat</source>
        <translation>ни на одном месте</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>место {seat}</translation>
    </message>
</context>
<context>
    <name>Pot</name>
    <message>
        <source>Main pot</source>
        <translation>Основной банк</translation>
    </message>
    <message>
        <source>Side pot {n}</source>
        <translation>Побочный банк {n}</translation>
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
    <name>Rank</name>
    <message>
        <source>Two</source>
        <translation>двойка</translation>
    </message>
    <message>
        <source>Three</source>
        <translation>тройка</translation>
    </message>
    <message>
        <source>Four</source>
        <translation>четвёрка</translation>
    </message>
    <message>
        <source>Five</source>
        <translation>пятёрка</translation>
    </message>
    <message>
        <source>Six</source>
        <translation>шестёрка</translation>
    </message>
    <message>
        <source>Seven</source>
        <translation>семёрка</translation>
    </message>
    <message>
        <source>Eight</source>
        <translation>восьмёрка</translation>
    </message>
    <message>
        <source>Nine</source>
        <translation>девятка</translation>
    </message>
    <message>
        <source>Ten</source>
        <translation>десятка</translation>
    </message>
    <message>
        <source>Jack</source>
        <translation>валет</translation>
    </message>
    <message>
        <source>Queen</source>
        <translation>дама</translation>
    </message>
    <message>
        <source>King</source>
        <translation>король</translation>
    </message>
    <message>
        <source>Ace</source>
        <translation>туз</translation>
    </message>
</context>
<context>
    <name>RankGenitive</name>
    <message>
        <source>Two</source>
        <translation>двойки</translation>
    </message>
    <message>
        <source>Three</source>
        <translation>тройки</translation>
    </message>
    <message>
        <source>Four</source>
        <translation>четвёрки</translation>
    </message>
    <message>
        <source>Five</source>
        <translation>пятёрки</translation>
    </message>
    <message>
        <source>Six</source>
        <translation>шестёрки</translation>
    </message>
    <message>
        <source>Seven</source>
        <translation>семёрки</translation>
    </message>
    <message>
        <source>Eight</source>
        <translation>восьмёрки</translation>
    </message>
    <message>
        <source>Nine</source>
        <translation>девятки</translation>
    </message>
    <message>
        <source>Ten</source>
        <translation>десятки</translation>
    </message>
    <message>
        <source>Jack</source>
        <translation>валета</translation>
    </message>
    <message>
        <source>Queen</source>
        <translation>дамы</translation>
    </message>
    <message>
        <source>King</source>
        <translation>короля</translation>
    </message>
    <message>
        <source>Ace</source>
        <translation>туза</translation>
    </message>
</context>
<context>
    <name>RankPlural</name>
    <message>
        <source>Twos</source>
        <translation>двойки</translation>
    </message>
    <message>
        <source>Threes</source>
        <translation>тройки</translation>
    </message>
    <message>
        <source>Fours</source>
        <translation>четвёрки</translation>
    </message>
    <message>
        <source>Fives</source>
        <translation>пятёрки</translation>
    </message>
    <message>
        <source>Sixes</source>
        <translation>шестёрки</translation>
    </message>
    <message>
        <source>Sevens</source>
        <translation>семёрки</translation>
    </message>
    <message>
        <source>Eights</source>
        <translation>восьмёрки</translation>
    </message>
    <message>
        <source>Nines</source>
        <translation>девятки</translation>
    </message>
    <message>
        <source>Tens</source>
        <translation>десятки</translation>
    </message>
    <message>
        <source>Jacks</source>
        <translation>валеты</translation>
    </message>
    <message>
        <source>Queens</source>
        <translation>дамы</translation>
    </message>
    <message>
        <source>Kings</source>
        <translation>короли</translation>
    </message>
    <message>
        <source>Aces</source>
        <translation>тузы</translation>
    </message>
</context>
<context>
    <name>RankPluralGenitive</name>
    <message>
        <source>Twos</source>
        <translation>двоек</translation>
    </message>
    <message>
        <source>Threes</source>
        <translation>троек</translation>
    </message>
    <message>
        <source>Fours</source>
        <translation>четвёрок</translation>
    </message>
    <message>
        <source>Fives</source>
        <translation>пятёрок</translation>
    </message>
    <message>
        <source>Sixes</source>
        <translation>шестёрок</translation>
    </message>
    <message>
        <source>Sevens</source>
        <translation>семёрок</translation>
    </message>
    <message>
        <source>Eights</source>
        <translation>восьмёрок</translation>
    </message>
    <message>
        <source>Nines</source>
        <translation>девяток</translation>
    </message>
    <message>
        <source>Tens</source>
        <translation>десяток</translation>
    </message>
    <message>
        <source>Jacks</source>
        <translation>валетов</translation>
    </message>
    <message>
        <source>Queens</source>
        <translation>дам</translation>
    </message>
    <message>
        <source>Kings</source>
        <translation>королей</translation>
    </message>
    <message>
        <source>Aces</source>
        <translation>тузов</translation>
    </message>
</context>
<context>
    <name>Reason</name>
    <message>
        <source>the hand was declared a misdeal</source>
        <translation>раздача объявлена мисдилом</translation>
    </message>
    <message>
        <source>the hand is over</source>
        <translation>раздача окончена</translation>
    </message>
    <message>
        <source>they are not dealt in this hand</source>
        <translation>игрок не участвует в этой раздаче</translation>
    </message>
    <message>
        <source>the first card has been dealt (omaha-club-rules.txt, STRADDLE/RESTRADDLE 2)</source>
        <translation>первая карта уже сдана (правила клуба, стрэддл и ре-стрэддл, п. 2)</translation>
    </message>
    <message>
        <source>the amount {amount} must be positive</source>
        <translation>сумма {amount} должна быть больше нуля</translation>
    </message>
    <message>
        <source>they have only {amount}</source>
        <translation>у игрока только {amount}</translation>
    </message>
    <message>
        <source>antes are posted before the blinds</source>
        <translation>анте ставят до блайндов</translation>
    </message>
    <message>
        <source>they have already posted their ante</source>
        <translation>игрок уже поставил анте</translation>
    </message>
    <message>
        <source>they have already posted it</source>
        <translation>игрок уже поставил эту ставку</translation>
    </message>
    <message>
        <source>seat {seat} has already posted it</source>
        <translation>место {seat} уже поставило эту ставку</translation>
    </message>
    <message>
        <source>the small blind is seat {seat}</source>
        <translation>малый блайнд ставит место {seat}</translation>
    </message>
    <message>
        <source>the small blind is {amount}</source>
        <translation>малый блайнд — {amount}</translation>
    </message>
    <message>
        <source>the big blind is seat {seat}</source>
        <translation>большой блайнд ставит место {seat}</translation>
    </message>
    <message>
        <source>the big blind is {amount}</source>
        <translation>большой блайнд — {amount}</translation>
    </message>
    <message>
        <source>they are in the blinds already</source>
        <translation>игрок уже на блайндах</translation>
    </message>
    <message>
        <source>a live post is the big blind, {amount}</source>
        <translation>живой пост равен большому блайнду: {amount}</translation>
    </message>
    <message>
        <source>a dead post is at most the small blind, {amount}</source>
        <translation>мёртвый пост не больше малого блайнда: {amount}</translation>
    </message>
    <message>
        <source>the big blind has not been posted</source>
        <translation>большой блайнд не поставлен</translation>
    </message>
    <message>
        <source>the small blind has not been posted</source>
        <translation>малый блайнд не поставлен</translation>
    </message>
    <message>
        <source>only the button may (omaha-club-rules.txt, MISSISSIPPI)</source>
        <translation>только игроку на баттоне (правила клуба, Миссисипи)</translation>
    </message>
    <message>
        <source>the button is in the blinds</source>
        <translation>баттон на блайндах</translation>
    </message>
    <message>
        <source>the table has no manager&apos;s authorization for Mississippi straddles on record</source>
        <translation>у стола нет записанного разрешения менеджера зала на стрэддл Миссисипи</translation>
    </message>
    <message>
        <source>button straddles are not allowed in limit at this table</source>
        <translation>за этим столом в лимите стрэддл с баттона запрещён</translation>
    </message>
    <message>
        <source>a straddle is posted and the straddle has precedence</source>
        <translation>стрэддл уже поставлен и имеет приоритет</translation>
    </message>
    <message>
        <source>the straddle has been re-straddled</source>
        <translation>на стрэддл уже поставлен ре-стрэддл</translation>
    </message>
    <message>
        <source>it must be exactly twice the big blind, {amount}</source>
        <translation>ставка должна быть ровно вдвое больше большого блайнда: {amount}</translation>
    </message>
    <message>
        <source>straddles are not allowed at this table</source>
        <translation>за этим столом стрэддлы запрещены</translation>
    </message>
    <message>
        <source>a Mississippi straddle is posted and it has precedence</source>
        <translation>стрэддл Миссисипи уже поставлен и имеет приоритет</translation>
    </message>
    <message>
        <source>there is no straddle to re-straddle</source>
        <translation>нет стрэддла для ре-стрэддла</translation>
    </message>
    <message>
        <source>seat {seat} said no (omaha-club-rules.txt, STRADDLE/RESTRADDLE)</source>
        <translation>место {seat} отказалось (правила клуба, стрэддл и ре-стрэддл)</translation>
    </message>
    <message>
        <source>every player must agree; waiting for seat(s) {seats}</source>
        <translation>нужно согласие всех игроков; ждём места: {seats}</translation>
    </message>
    <message>
        <source>only the player facing the {blind} (seat {seat}) may</source>
        <translation>только игрок, следующий за ставкой «{blind}» (место {seat})</translation>
    </message>
    <message>
        <source>never from the blinds (heads-up small blind only with the manager&apos;s authorization)</source>
        <translation>не с блайндов (малый блайнд один на один — только с разрешения менеджера зала)</translation>
    </message>
    <message>
        <source>it must be exactly twice the {blind}, {amount}</source>
        <translation>ставка должна быть ровно вдвое больше, чем «{blind}»: {amount}</translation>
    </message>
    <message>
        <source>there is no straddle awaiting a re-straddle</source>
        <translation>нет стрэддла, ждущего ре-стрэддла</translation>
    </message>
    <message>
        <source>the re-straddle is already posted</source>
        <translation>ре-стрэддл уже поставлен</translation>
    </message>
    <message>
        <source>the deal is over</source>
        <translation>сдача окончена</translation>
    </message>
    <message>
        <source>seat {seat} has not posted the {blind}</source>
        <translation>место {seat} не поставило {blind}</translation>
    </message>
    <message>
        <source>they already have their cards</source>
        <translation>у игрока уже есть карты</translation>
    </message>
    <message>
        <source>the deal goes in order; seat {seat} is next</source>
        <translation>сдают по порядку; следующее — место {seat}</translation>
    </message>
    <message>
        <source>the deck is empty</source>
        <translation>колода пуста</translation>
    </message>
    <message>
        <source>the hole cards are not all dealt</source>
        <translation>сданы не все закрытые карты</translation>
    </message>
    <message>
        <source>seat {seat} is still to act on the {street}</source>
        <translation>ещё ходит место {seat} ({street})</translation>
    </message>
    <message>
        <source>seat {seat} still owes a discard (oklahoma-rules.txt: no next street while a discard is owed)</source>
        <translation>место {seat} ещё не сбросило карту (правила оклахомы: пока сброс не сделан, следующей улицы нет)</translation>
    </message>
    <message>
        <source>board {n} of run {n2} is complete</source>
        <translation>борд {n} прогона {n2} уже полон</translation>
    </message>
    <message>
        <source>board {n} already has the {street}; the other board is next</source>
        <translation>на борде {n} уже есть {street}; теперь другой борд</translation>
    </message>
    <message>
        <source>there are not enough cards left in the deck</source>
        <translation>в колоде не хватает карт</translation>
    </message>
    <message>
        <source>there is no betting now</source>
        <translation>сейчас нет торговли</translation>
    </message>
    <message>
        <source>they have folded</source>
        <translation>игрок сбросил карты</translation>
    </message>
    <message>
        <source>it is seat {seat}&apos;s turn</source>
        <translation>сейчас ход места {seat}</translation>
    </message>
    <message>
        <source>they must discard first (oklahoma-rules.txt: discard, then bet)</source>
        <translation>сначала нужно сбросить карту (правила оклахомы: сброс, затем ставка)</translation>
    </message>
    <message>
        <source>they discarded this round (oklahoma-rules.txt: no fold in the same action as a discard)</source>
        <translation>игрок уже сбросил карту в этом круге (правила оклахомы: сброс и фолд не делают одним действием)</translation>
    </message>
    <message>
        <source>there is a bet of {amount} to call</source>
        <translation>есть ставка {amount}, её нужно уравнять</translation>
    </message>
    <message>
        <source>there is no bet to call; check instead</source>
        <translation>нет ставки для колла; сделайте чек</translation>
    </message>
    <message>
        <source>there is a bet of {amount}; raise instead</source>
        <translation>уже есть ставка {amount}; сделайте рейз</translation>
    </message>
    <message>
        <source>there is no bet to raise; bet instead</source>
        <translation>нет ставки для рейза; сделайте бет</translation>
    </message>
    <message>
        <source>they do not have chips to raise</source>
        <translation>у игрока нет фишек на рейз</translation>
    </message>
    <message>
        <source>nobody left can call a raise</source>
        <translation>никто не сможет уравнять рейз</translation>
    </message>
    <message>
        <source>the all-in for less than a full raise did not reopen the betting</source>
        <translation>олл-ин меньше полного рейза не открыл торговлю заново</translation>
    </message>
    <message>
        <source>they have only {amount} behind ({amount2} in all)</source>
        <translation>у игрока осталось только {amount} (всего {amount2})</translation>
    </message>
    <message>
        <source>the limit is {amount}</source>
        <translation>лимит — {amount}</translation>
    </message>
    <message>
        <source>the pot limit is {amount}</source>
        <translation>пот-лимит — {amount}</translation>
    </message>
    <message>
        <source>the most is {amount}</source>
        <translation>максимум — {amount}</translation>
    </message>
    <message>
        <source>the minimum is {amount}</source>
        <translation>минимум — {amount}</translation>
    </message>
    <message>
        <source>{amount} is over the {structure} maximum of {amount2}</source>
        <translation>{amount} больше максимума ({structure}): {amount2}</translation>
    </message>
    <message>
        <source>{variant} has no discards</source>
        <translation>в игре «{variant}» нет сброса</translation>
    </message>
    <message>
        <source>they have already discarded on the {street}</source>
        <translation>игрок уже сбросил карту ({street})</translation>
    </message>
    <message>
        <source>there is no discard on the {street}; discards come on the flop and turn rounds</source>
        <translation>сейчас ({street}) сброса нет; сбрасывают на флопе и тёрне</translation>
    </message>
    <message>
        <source>it is seat {seat}&apos;s turn; a discard is part of the player&apos;s own action</source>
        <translation>сейчас ход места {seat}; сброс — часть собственного хода игрока</translation>
    </message>
    <message>
        <source>extra boards are not allowed at this table</source>
        <translation>за этим столом дополнительные борды запрещены</translation>
    </message>
    <message>
        <source>extra boards are offered only after the last discard (Oklahoma)</source>
        <translation>дополнительные борды предлагают только после последнего сброса (оклахома)</translation>
    </message>
    <message>
        <source>extra boards are chosen only when the betting is over and the board is not complete</source>
        <translation>дополнительные борды выбирают, когда торговля окончена, а борд ещё не полон</translation>
    </message>
    <message>
        <source>their hand is already tabled</source>
        <translation>карты игрока уже открыты</translation>
    </message>
    <message>
        <source>they have mucked</source>
        <translation>игрок сбросил карты в мак</translation>
    </message>
    <message>
        <source>hands are shown once the betting is over</source>
        <translation>карты открывают после окончания торговли</translation>
    </message>
    <message>
        <source>they still have an Oklahoma discard to make</source>
        <translation>игрок ещё должен сбросить карту (оклахома)</translation>
    </message>
    <message>
        <source>mucking is for the showdown; fold instead</source>
        <translation>мак — только на шоудауне; сделайте фолд</translation>
    </message>
    <message>
        <source>their hand is already out</source>
        <translation>рука игрока уже вне игры</translation>
    </message>
    <message>
        <source>their hand is tabled; cards speak</source>
        <translation>карты открыты и говорят сами за себя</translation>
    </message>
    <message>
        <source>theirs is the last live hand</source>
        <translation>это последняя живая рука</translation>
    </message>
    <message>
        <source>there has been substantial action (TDA: two actions, one with chips, or three)</source>
        <translation>уже было существенное действие (по правилам турнирных директоров: два действия, одно из них с фишками, или три)</translation>
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
    <name>ReviewCorrectionDialog</name>
    <message>
        <source>Correct seq {0}</source>
        <translation>Исправить событие {0}</translation>
    </message>
    <message>
        <source>Event seq {0} ({1}, {2}): {3}</source>
        <translation>Событие {0} ({1}, {2}): {3}</translation>
    </message>
    <message>
        <source>Void it</source>
        <translation>Отменить его</translation>
    </message>
    <message>
        <source>Replace it with</source>
        <translation>Заменить на</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Preview before and after</source>
        <translation>Показать до и после</translation>
    </message>
    <message>
        <source>Record correction</source>
        <translation>Записать исправление</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>&lt;b&gt;Refused:&lt;/b&gt; {0}</source>
        <translation>&lt;b&gt;Отказано:&lt;/b&gt; {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not recorded:&lt;/b&gt; {0}</source>
        <translation>&lt;b&gt;Не записано:&lt;/b&gt; {0}</translation>
    </message>
</context>
<context>
    <name>ReviewEventDetail</name>
    <message>
        <source>&lt;b&gt;seq {0}&lt;/b&gt;: {1}</source>
        <translation>&lt;b&gt;событие {0}&lt;/b&gt;: {1}</translation>
    </message>
    <message>
        <source>&lt;b&gt;source&lt;/b&gt;: {0} ({1}), by {2}</source>
        <translation>&lt;b&gt;источник&lt;/b&gt;: {0} ({1}), записал {2}</translation>
    </message>
    <message>
        <source>&lt;b&gt;recorded&lt;/b&gt;: {0} UTC</source>
        <translation>&lt;b&gt;записано&lt;/b&gt;: {0} UTC</translation>
    </message>
    <message>
        <source>&lt;b&gt;camera frame&lt;/b&gt;: {0} UTC</source>
        <translation>&lt;b&gt;кадр камеры&lt;/b&gt;: {0} UTC</translation>
    </message>
    <message>
        <source>&lt;b&gt;reading&lt;/b&gt;: {0}</source>
        <translation>&lt;b&gt;показание&lt;/b&gt;: {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;voids&lt;/b&gt;: seq {0}</source>
        <translation>&lt;b&gt;отменяет&lt;/b&gt;: событие {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;floor&lt;/b&gt;: {0}</source>
        <translation>&lt;b&gt;менеджер зала&lt;/b&gt;: {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;corrected&lt;/b&gt; by the floor at seq {0}</source>
        <translation>&lt;b&gt;исправлено&lt;/b&gt; менеджером зала в событии {0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;evidence&lt;/b&gt; SHA-256 {0}</source>
        <translation>&lt;b&gt;снимок&lt;/b&gt;, хеш SHA-256 {0}</translation>
    </message>
    <message>
        <source>the image ({0}) cannot be drawn; its hash checks</source>
        <translation>снимок ({0}) не удаётся показать; его хеш сходится</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>тип неизвестен</translation>
    </message>
    <message>
        <source>image not shown: {0}</source>
        <translation>снимок не показан: {0}</translation>
    </message>
</context>
<context>
    <name>ReviewOutcome</name>
    <message>
        <source>&lt;h3&gt;Why each pot went where it went&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Кому и почему достался каждый банк&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;Chip audit: contributed {0} = awarded {1} + rake {2} + jackpot drop {3} + returned {4}: &lt;b&gt;{5}&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;Сверка фишек: внесено {0} = выиграно {1} + рейк {2} + в джекпот {3} + возвращено {4}: &lt;b&gt;{5}&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>balanced</source>
        <translation>сходится</translation>
    </message>
    <message>
        <source>NOT BALANCED</source>
        <translation>НЕ СХОДИТСЯ</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Before and after the floor&apos;s corrections&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;До и после исправлений менеджера зала&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;As recorded at the table:&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Как записано за столом:&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;As corrected:&lt;/b&gt;&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;После исправлений:&lt;/b&gt;&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Rulings&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Решения&lt;/h3&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;None recorded.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Не записано ни одного.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>да</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>&lt;p&gt;seq {0}, {1}: rule {2}; decision: {3}; pot held: {4}; disputed {5}; reportable: {6}; {7}&lt;/p&gt;</source>
        <translation>&lt;p&gt;событие {0}, {1}: правило {2}; решение: {3}; банк задержан: {4}; спорная сумма {5}; подлежит отчёту: {6}; {7}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>YES</source>
        <translation>ДА</translation>
    </message>
    <message>
        <source>LATE</source>
        <translation>ЗАПОЗДАЛО</translation>
    </message>
    <message>
        <source>in time</source>
        <translation>вовремя</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Dispute windows&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;Окна для споров&lt;/h3&gt;</translation>
    </message>
</context>
<context>
    <name>ReviewRulingDialog</name>
    <message>
        <source>Record a ruling</source>
        <translation>Записать решение</translation>
    </message>
    <message>
        <source>e.g. TDA 15 (cards speak)</source>
        <translation>например, правило 15 турнирных директоров (карты говорят сами)</translation>
    </message>
    <message>
        <source>the pot was held while the floor decided</source>
        <translation>банк задерживали, пока менеджер зала решал</translation>
    </message>
    <message>
        <source>Dispute about</source>
        <translation>Предмет спора</translation>
    </message>
    <message>
        <source>Rule cited</source>
        <translation>Правило</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Решение</translation>
    </message>
    <message>
        <source>Disputed amount</source>
        <translation>Спорная сумма</translation>
    </message>
    <message>
        <source>Record ruling</source>
        <translation>Записать решение</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>the disputed amount must be a whole number of chips, not {0!r}</source>
        <translation>спорная сумма должна быть целым числом фишек, а не {0!r}</translation>
    </message>
    <message>
        <source>&lt;b&gt;The {0} window has closed: this ruling will be recorded as LATE.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Окно спора («{0}») закрыто: решение будет записано как ЗАПОЗДАЛОЕ.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Reportable (disputed amount at or above {0}): &lt;b&gt;{1}&lt;/b&gt;</source>
        <translation>Подлежит отчёту (спорная сумма не меньше {0}): &lt;b&gt;{1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>YES</source>
        <translation>ДА</translation>
    </message>
    <message>
        <source>no</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>give the rule cited and the decision</source>
        <translation>укажите правило и решение</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not recorded:&lt;/b&gt; {0}</source>
        <translation>&lt;b&gt;Не записано:&lt;/b&gt; {0}</translation>
    </message>
</context>
<context>
    <name>ReviewSearchPanel</name>
    <message>
        <source>any table</source>
        <translation>любой стол</translation>
    </message>
    <message>
        <source>e.g. 2026-11-30 20:00</source>
        <translation>например, 2026-11-30 20:00</translation>
    </message>
    <message>
        <source>ISO date or time, UTC</source>
        <translation>дата или время (UTC)</translation>
    </message>
    <message>
        <source>any seat</source>
        <translation>любое место</translation>
    </message>
    <message>
        <source>flagged only</source>
        <translation>отмеченные</translation>
    </message>
    <message>
        <source>with a ruling</source>
        <translation>с решением</translation>
    </message>
    <message>
        <source>reportable ruling</source>
        <translation>для отчёта</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Найти</translation>
    </message>
    <message>
        <source>Open hand</source>
        <translation>Открыть раздачу</translation>
    </message>
    <message>
        <source>{0} (id {1})</source>
        <translation>{0} (№ {1})</translation>
    </message>
    <message>
        <source>{0}: {1!r} is not a date or time (write it as 2026-11-30 or 2026-11-30 20:15)</source>
        <translation>{0}: {1!r} — не дата и не время (пишите так: 2026-11-30 или 2026-11-30 20:15)</translation>
    </message>
    <message>
        <source>{0}: {1!r} is not a whole number of chips</source>
        <translation>{0}: {1!r} — не целое число фишек</translation>
    </message>
    <message>
        <source>Not searched: {0}</source>
        <translation>Поиск не выполнен: {0}</translation>
    </message>
    <message>
        <source>FLAGGED</source>
        <translation>ОТМЕЧЕНА</translation>
    </message>
    <message numerus="yes">
        <source>%n hand(s) found</source>
        <translation>
            <numerusform>Найдена %n раздача</numerusform>
            <numerusform>Найдено %n раздачи</numerusform>
            <numerusform>Найдено %n раздач</numerusform>
        </translation>
    </message>
    <message>
        <source>No hands found</source>
        <translation>Раздачи не найдены</translation>
    </message>
    <message>
        <source>Choose a hand in the list first</source>
        <translation>Сначала выберите раздачу в списке</translation>
    </message>
</context>
<context>
    <name>ReviewTableView</name>
    <message>
        <source>Hand {0}: every chip goes back</source>
        <translation>Раздача: {0}; все фишки возвращаются</translation>
    </message>
</context>
<context>
    <name>ReviewWindow</name>
    <message>
        <source>Floor review — {0} — {1}</source>
        <translation>Разбор менеджера зала — {0} — {1}</translation>
    </message>
    <message>
        <source>Search for a hand, then open it</source>
        <translation>Найдите раздачу и откройте её</translation>
    </message>
    <message>
        <source>|&lt; First</source>
        <translation>|&lt; Начало</translation>
    </message>
    <message>
        <source>&lt; Previous</source>
        <translation>&lt; Назад</translation>
    </message>
    <message>
        <source>Next &gt;</source>
        <translation>Далее &gt;</translation>
    </message>
    <message>
        <source>Last &gt;|</source>
        <translation>Конец &gt;|</translation>
    </message>
    <message>
        <source>Correct this event…</source>
        <translation>Исправить…</translation>
    </message>
    <message>
        <source>Record a ruling…</source>
        <translation>Решение…</translation>
    </message>
    <message>
        <source>Report (HTML)…</source>
        <translation>Отчёт (HTML)…</translation>
    </message>
    <message>
        <source>Report (PDF)…</source>
        <translation>Отчёт (PDF)…</translation>
    </message>
    <message>
        <source>Cannot read {0}: {1}</source>
        <translation>Не удаётся прочитать {0}: {1}</translation>
    </message>
    <message numerus="yes">
        <source>%n new event(s) read from {0}</source>
        <translation>
            <numerusform>Прочитано %n новое событие из {0}</numerusform>
            <numerusform>Прочитано %n новых события из {0}</numerusform>
            <numerusform>Прочитано %n новых событий из {0}</numerusform>
        </translation>
    </message>
    <message>
        <source>the table&apos;s log could not be verified: {0}</source>
        <translation>журнал стола не удалось проверить: {0}</translation>
    </message>
    <message>
        <source>LOG ALTERED: </source>
        <translation>ЖУРНАЛ ИЗМЕНЁН: </translation>
    </message>
    <message>
        <source>Log verified: </source>
        <translation>Журнал проверен: </translation>
    </message>
    <message>
        <source>Not searched: {0}</source>
        <translation>Поиск не выполнен: {0}</translation>
    </message>
    <message>
        <source>Cannot open hand id {0}: {1}</source>
        <translation>Не удаётся открыть раздачу № {0}: {1}</translation>
    </message>
    <message>
        <source>verifying the table&apos;s whole log…</source>
        <translation>проверка всего журнала стола…</translation>
    </message>
    <message>
        <source>hand id {0} cannot be read: {1}</source>
        <translation>раздачу № {0} не удаётся прочитать: {1}</translation>
    </message>
    <message>
        <source>Hand id {0} (table {1}, #{2}) cannot be replayed</source>
        <translation>Раздачу № {0} (стол {1}, №{2}) не удаётся воспроизвести</translation>
    </message>
    <message>
        <source>the events&apos; hashes hold, but the hand does not replay: {0}</source>
        <translation>хеши событий сходятся, но раздача не воспроизводится: {0}</translation>
    </message>
    <message>
        <source>{0}, hand #{1}: {2}, blinds {3}/{4}, {5}</source>
        <translation>{0}, раздача №{1}: {2}, блайнды {3}/{4}, {5}</translation>
    </message>
    <message>
        <source>table {0}</source>
        <translation>стол {0}</translation>
    </message>
    <message>
        <source>, FLAGGED</source>
        <translation>, ОТМЕЧЕНА</translation>
    </message>
    <message>
        <source>the card room&apos;s log is written by the tables&apos; consoles only</source>
        <translation>журнал покерного клуба пишут только пульты столов</translation>
    </message>
    <message>
        <source>event {0} of {1} (seq {2})</source>
        <translation>событие {0} из {1} (№ {2})</translation>
    </message>
    <message>
        <source>correction of seq {0} recorded</source>
        <translation>исправление события {0} записано</translation>
    </message>
    <message>
        <source>ruling recorded</source>
        <translation>решение записано</translation>
    </message>
    <message>
        <source>{0} by {1}</source>
        <translation>{0}: {1}</translation>
    </message>
    <message>
        <source>report written to {0}</source>
        <translation>отчёт записан в {0}</translation>
    </message>
    <message>
        <source>Dispute report ({0})</source>
        <translation>Отчёт о споре ({0})</translation>
    </message>
    <message>
        <source>Report not written: {0}</source>
        <translation>Отчёт не записан: {0}</translation>
    </message>
</context>
<context>
    <name>SearchColumn</name>
    <message>
        <source>table</source>
        <translation>стол</translation>
    </message>
    <message>
        <source>hand</source>
        <translation>раздача</translation>
    </message>
    <message>
        <source>started (UTC)</source>
        <translation>начало (UTC)</translation>
    </message>
    <message>
        <source>game</source>
        <translation>игра</translation>
    </message>
    <message>
        <source>pot</source>
        <translation>банк</translation>
    </message>
    <message>
        <source>status</source>
        <translation>состояние</translation>
    </message>
    <message>
        <source>flag</source>
        <translation>отметка</translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Table</source>
        <translation>Стол</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>С</translation>
    </message>
    <message>
        <source>Until</source>
        <translation>По</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Место</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Pot at least</source>
        <translation>Банк не меньше</translation>
    </message>
    <message>
        <source>Pot at most</source>
        <translation>Банк не больше</translation>
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
    <name>SeatMenu</name>
    <message>
        <source>Seat {0}</source>
        <translation>Место {0}</translation>
    </message>
    <message>
        <source>Seat {0}: {1}</source>
        <translation>Место {0}: {1}</translation>
    </message>
    <message>
        <source>{0} has no chips: a rebuy, or they leave.</source>
        <translation>У игрока {0} нет фишек: ребай или уход из-за стола.</translation>
    </message>
    <message>
        <source>Nothing can be done for this seat now.</source>
        <translation>Сейчас для этого места ничего сделать нельзя.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Seat a player</source>
        <translation>Посадить игрока</translation>
    </message>
    <message>
        <source>Rebuy (at least {0})</source>
        <translation>Ребай (не меньше {0})</translation>
    </message>
    <message>
        <source>Add on</source>
        <translation>Докупить</translation>
    </message>
    <message>
        <source>Sit out</source>
        <translation>Пропускать раздачи</translation>
    </message>
    <message>
        <source>Sit back: post the blinds missed now</source>
        <translation>Вернуться: поставить пропущенные блайнды сейчас</translation>
    </message>
    <message>
        <source>Sit back: wait for the big blind</source>
        <translation>Вернуться: ждать большого блайнда</translation>
    </message>
    <message>
        <source>Change seat…</source>
        <translation>Пересесть…</translation>
    </message>
    <message>
        <source>Leave (cash out {0})</source>
        <translation>Уйти (выплата {0})</translation>
    </message>
    <message>
        <source>Closing the table is the floor&apos;s.</source>
        <translation>Стол закрывает флор-менеджер.</translation>
    </message>
    <message>
        <source>Seats</source>
        <translation>Места</translation>
    </message>
    <message>
        <source>Seat {0}…</source>
        <translation>Место {0}…</translation>
    </message>
    <message>
        <source>Close the table (floor)…</source>
        <translation>Закрыть стол (флор)…</translation>
    </message>
</context>
<context>
    <name>SeatPlayerDialog</name>
    <message>
        <source>Seat {0}: seat a player</source>
        <translation>Место {0}: посадить игрока</translation>
    </message>
    <message>
        <source>Post a big blind to play at once (else wait for the big blind)</source>
        <translation>Поставить большой блайнд и играть сразу (иначе ждать большого блайнда)</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Игрок</translation>
    </message>
    <message>
        <source>Buy-in ({0})</source>
        <translation>Закупка ({0})</translation>
    </message>
    <message>
        <source>Seat the player</source>
        <translation>Посадить</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
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
        <source>Seat {0}</source>
        <translation>Место {0}</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>свободно</translation>
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
    <name>SensorPanel</name>
    <message>
        <source>{0} to {1}</source>
        <translation>{0} до {1}</translation>
    </message>
    <message>
        <source> (call {0})</source>
        <translation> (колл {0})</translation>
    </message>
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
        <source>{0} (to {1})</source>
        <translation>{0} (до {1})</translation>
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
    <name>Sentence</name>
    <message>
        <source>{who} cannot {verb}: {why}</source>
        <translation>{who}: нельзя {verb} — {why}</translation>
    </message>
    <message>
        <source>Seat {seat} all-in for {amount}: reopens the betting</source>
        <translation>Место {seat} — олл-ин на {amount}: торговля открыта заново</translation>
    </message>
    <message>
        <source>Seat {seat} all-in for {amount}: is less than a full raise and does not reopen the betting</source>
        <translation>Место {seat} — олл-ин на {amount}: меньше полного рейза, торговля заново не открыта</translation>
    </message>
    <message>
        <source>Seat {seat} gets back {amount} uncalled</source>
        <translation>Месту {seat} возвращается неуравненная ставка {amount}</translation>
    </message>
    <message>
        <source>{pot} ({where}): {amount} to {winners} with {hand}</source>
        <translation>{pot} ({where}): {amount} — {winners}, {hand}</translation>
    </message>
    <message>
        <source>{pot} ({where}): {amount} to {winners}</source>
        <translation>{pot} ({where}): {amount} — {winners}</translation>
    </message>
    <message>
        <source>{pot}: {amount} to {winners} with {hand}</source>
        <translation>{pot}: {amount} — {winners}, {hand}</translation>
    </message>
    <message>
        <source>{pot}: {amount} to {winners}</source>
        <translation>{pot}: {amount} — {winners}</translation>
    </message>
    <message>
        <source>Rake {amount}, jackpot drop {amount2}</source>
        <translation>Рейк {amount}, отчисление в джекпот {amount2}</translation>
    </message>
    <message>
        <source>Misdeal: the hand is void and every chip goes back; the button does not move</source>
        <translation>Мисдил: раздача отменена, все фишки возвращаются; баттон остаётся на месте</translation>
    </message>
    <message>
        <source>Not recorded, so nothing changed: {text}</source>
        <translation>Не записано, поэтому ничего не изменилось: {text}</translation>
    </message>
    <message>
        <source>Not recorded: {text}. What was recorded before it stands; repeat the step</source>
        <translation>Не записано: {text}. Записанное раньше остаётся; повторите шаг</translation>
    </message>
    <message>
        <source>Nothing to undo: the hand has no events</source>
        <translation>Отменять нечего: в раздаче нет событий</translation>
    </message>
    <message>
        <source>Only the latest event (#{n}) can be undone, not #{n2}</source>
        <translation>Отменить можно только последнее событие (№{n}), а не №{n2}</translation>
    </message>
    <message>
        <source>Seat {seat} cannot show: their cards were not seen; name them</source>
        <translation>Место {seat}: нельзя открыть карты — их не видели; назовите их</translation>
    </message>
    <message>
        <source>Seat {seat} cannot discard {card}: they do not hold it</source>
        <translation>Место {seat}: нельзя сбросить {card} — у игрока нет этой карты</translation>
    </message>
    <message>
        <source>Seat {seat} cannot discard {card}: they were not dealt it</source>
        <translation>Место {seat}: нельзя сбросить {card} — эту карту игроку не сдавали</translation>
    </message>
    <message>
        <source>Seat {seat} cannot show {cards}: they were dealt {card}</source>
        <translation>Место {seat}: нельзя открыть {cards} — игроку сдали {card}</translation>
    </message>
    <message>
        <source>Seat {seat} cannot show {cards}: a card appears twice</source>
        <translation>Место {seat}: нельзя открыть {cards} — карта повторяется</translation>
    </message>
    <message>
        <source>Seat {seat} cannot show {cards}: they were not dealt {card}</source>
        <translation>Место {seat}: нельзя открыть {cards} — игроку не сдавали {card}</translation>
    </message>
    <message>
        <source>No hand is in progress</source>
        <translation>Раздача не идёт</translation>
    </message>
    <message>
        <source>The hand is over and recorded: start the next hand</source>
        <translation>Раздача окончена и записана: начните следующую раздачу</translation>
    </message>
    <message>
        <source>Hand {n} is in progress; the next hand is planned when it is over</source>
        <translation>Идёт раздача {n}; следующая планируется после её окончания</translation>
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
    <name>SignIn</name>
    <message>
        <source>sign-in refused for {quoted}: unknown name or wrong PIN or password</source>
        <translation>Вход для {quoted} отклонён: имя неизвестно или неверный ПИН-код или пароль</translation>
    </message>
    <message>
        <source>sign-in refused for {quoted}: the account was locked out meanwhile; a floor manager must unlock it</source>
        <translation>Вход для {quoted} отклонён: учётная запись тем временем заблокирована; её должен разблокировать менеджер зала</translation>
    </message>
</context>
<context>
    <name>SignInDialog</name>
    <message>
        <source>Floor sign-in</source>
        <translation>Вход менеджера зала</translation>
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
        <translation>ПИН-код или пароль</translation>
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
        <translation>Введите имя и ПИН-код или пароль.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>{0} is a dealer: a floor manager must sign in for this.</source>
        <translation>{0} — дилер: для этого должен войти менеджер зала.</translation>
    </message>
</context>
<context>
    <name>Source</name>
    <message>
        <source>dealer</source>
        <translation>дилер</translation>
    </message>
    <message>
        <source>camera</source>
        <translation>камера</translation>
    </message>
    <message>
        <source>sensor</source>
        <translation>датчик</translation>
    </message>
    <message>
        <source>floor</source>
        <translation>менеджер зала</translation>
    </message>
</context>
<context>
    <name>SourceWords</name>
    <message>
        <source>entered by the dealer</source>
        <translation>введено дилером</translation>
    </message>
    <message>
        <source>read by the camera</source>
        <translation>прочитано камерой</translation>
    </message>
    <message>
        <source>read by a sensor</source>
        <translation>прочитано датчиком</translation>
    </message>
    <message>
        <source>recorded by the floor</source>
        <translation>записано менеджером зала</translation>
    </message>
</context>
<context>
    <name>Stack</name>
    <message>
        <source>seat {seat} {amount}</source>
        <translation>место {seat}: {amount}</translation>
    </message>
</context>
<context>
    <name>StartUp</name>
    <message>
        <source>Demo table: signed in automatically as {name}; the floor&apos;s dialogs take {name2}, PIN {n}</source>
        <translation>Демо-стол: вход выполнен автоматически как {name}; в диалогах менеджера зала — {name2}, ПИН-код {n}</translation>
    </message>
    <message>
        <source>Demo table, nothing recorded: {name}</source>
        <translation>Демо-стол, ничего не записывается: {name}</translation>
    </message>
    <message>
        <source>The camera&apos;s calibration {name} is not used: {text}. Calibrate the table again (Devices, Calibrate the camera); meanwhile the camera shows its picture only</source>
        <translation>Калибровка камеры {name} не используется: {text}. Откалибруйте стол заново (Устройства, Калибровка камеры); пока камера только показывает изображение</translation>
    </message>
    <message>
        <source>The taught deck {name} is not used: {text}. Teach the deck again (Devices, Teach the deck); meanwhile cards are read in the general mode</source>
        <translation>Обученная колода {name} не используется: {text}. Обучите колоду заново (Устройства, Обучить колоду); пока карты читаются в общем режиме</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>the database {name} is locked by another program (waited {secs} s) while {doing}; nothing was written: close the other program or try again</source>
        <translation>база данных {name} заблокирована другой программой (ожидание {secs} с) при действии «{doing}»; ничего не записано: закройте другую программу или повторите</translation>
    </message>
    <message>
        <source>the disk holding {name} is full while {doing}: nothing was written; free some space and try again</source>
        <translation>диск с {name} заполнен при действии «{doing}»: ничего не записано; освободите место и повторите</translation>
    </message>
    <message>
        <source>the database server {name} cannot be reached ({raw}) while {doing}: check the network and the server, then try again</source>
        <translation>сервер базы данных {name} недоступен ({raw}) при действии «{doing}»: проверьте сеть и сервер и повторите</translation>
    </message>
    <message>
        <source>the database {name} is locked or busy ({raw}) while {doing}; nothing was written: try again</source>
        <translation>база данных {name} заблокирована или занята ({raw}) при действии «{doing}»; ничего не записано: повторите</translation>
    </message>
    <message>
        <source>database error while {doing} ({name}): {raw}</source>
        <translation>ошибка базы данных при действии «{doing}» ({name}): {raw}</translation>
    </message>
</context>
<context>
    <name>Street</name>
    <message>
        <source>pre-flop</source>
        <translation>префлоп</translation>
    </message>
    <message>
        <source>flop</source>
        <translation>флоп</translation>
    </message>
    <message>
        <source>turn</source>
        <translation>тёрн</translation>
    </message>
    <message>
        <source>river</source>
        <translation>ривер</translation>
    </message>
</context>
<context>
    <name>StreetRun</name>
    <message>
        <source>{street} of run {n}</source>
        <translation>{street} прогона {n}</translation>
    </message>
    <message>
        <source>{street}</source>
        <translation>{street}</translation>
    </message>
</context>
<context>
    <name>Structure</name>
    <message>
        <source>Limit</source>
        <translation>лимит</translation>
    </message>
    <message>
        <source>Pot-limit</source>
        <translation>пот-лимит</translation>
    </message>
    <message>
        <source>No-limit</source>
        <translation>безлимит</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>лимит</translation>
    </message>
    <message>
        <source>pot-limit</source>
        <translation>пот-лимит</translation>
    </message>
    <message>
        <source>no-limit</source>
        <translation>безлимит</translation>
    </message>
</context>
<context>
    <name>Table</name>
    <message>
        <source>Hand {n} is not over yet</source>
        <translation>Раздача {n} ещё не окончена</translation>
    </message>
    <message>
        <source>Hand {n} is not over: it is at the {phase} stage</source>
        <translation>Раздача {n} не окончена: сейчас этап «{phase}»</translation>
    </message>
    <message>
        <source>No board card is due now</source>
        <translation>Сейчас не время сдавать карты борда</translation>
    </message>
    <message>
        <source>No discard is owed now</source>
        <translation>Сейчас никто не должен сбрасывать карту</translation>
    </message>
    <message>
        <source>No hand is being played: start the next hand</source>
        <translation>Раздача не идёт: начните следующую</translation>
    </message>
    <message>
        <source>No re-straddle can be posted now: it needs a straddle and the player facing it</source>
        <translation>Ре-стрэддл сейчас нельзя: нужен стрэддл и игрок, следующий за ним</translation>
    </message>
    <message>
        <source>Nobody is to act now</source>
        <translation>Сейчас никто не ходит</translation>
    </message>
    <message>
        <source>Seat {seat} is not dealt in this hand</source>
        <translation>Место {seat} не участвует в этой раздаче</translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Отменять нечего</translation>
    </message>
    <message>
        <source>The table&apos;s blinds and posts cannot be undone; declare a misdeal instead</source>
        <translation>Блайнды и посты стола не отменяются; вместо этого объявите мисдил</translation>
    </message>
    <message>
        <source>House settings change during a hand, for the next one: start the hand first</source>
        <translation>Правила заведения меняют во время раздачи для следующей: сначала начните раздачу</translation>
    </message>
    <message>
        <source>{typed}: every card must be named, like As or Td</source>
        <translation>{typed}: назовите каждую карту, например As или Td</translation>
    </message>
    <message>
        <source>{typed}: {card} is typed twice</source>
        <translation>{typed}: {card} набрана дважды</translation>
    </message>
    <message>
        <source>{typed} is 1 card, not {n}</source>
        <translation>{typed} — это 1 карта, а не {n}</translation>
    </message>
    <message>
        <source>only a floor manager signed in may {text}; this table records nothing, so nobody signs in</source>
        <translation>это ({text}) может только вошедший менеджер зала; этот стол ничего не записывает, поэтому никто не входит</translation>
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
        <translation>Менеджер зала: {0}. Изменения действуют со следующей раздачи.</translation>
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
        <source>Not learnt ({0}): {1}; lay them again away from glare, in focus.</source>
        <translation>Не выучено ({0}): {1}; разложите их снова без бликов и в фокусе.</translation>
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
    <name>TimelineColumn</name>
    <message>
        <source>seq</source>
        <translation>№</translation>
    </message>
    <message>
        <source>recorded (UTC)</source>
        <translation>записано (UTC)</translation>
    </message>
    <message>
        <source>source</source>
        <translation>источник</translation>
    </message>
    <message>
        <source>by</source>
        <translation>кто</translation>
    </message>
    <message>
        <source>event</source>
        <translation>событие</translation>
    </message>
    <message>
        <source>floor</source>
        <translation>менеджер зала</translation>
    </message>
</context>
<context>
    <name>Typed</name>
    <message>
        <source>The {street_run}</source>
        <translation>{street_run}</translation>
    </message>
    <message>
        <source>Seat {seat}&apos;s hand</source>
        <translation>Рука места {seat}</translation>
    </message>
</context>
<context>
    <name>Unread</name>
    <message>
        <source>no camera is configured</source>
        <translation>камера не настроена</translation>
    </message>
    <message>
        <source>the camera reads no card ({mode})</source>
        <translation>камера не читает карты ({mode})</translation>
    </message>
    <message>
        <source>the camera cannot read the cards ({text})</source>
        <translation>камера не может прочитать карты ({text})</translation>
    </message>
    <message>
        <source>&apos;Board from camera&apos; is off</source>
        <translation>«Борд с камеры» выключен</translation>
    </message>
    <message>
        <source>extra runs are not read from the camera</source>
        <translation>дополнительные прогоны с камеры не читаются</translation>
    </message>
    <message>
        <source>the camera is {status} ({text})</source>
        <translation>камера: {status} ({text})</translation>
    </message>
    <message>
        <source>the camera is {status}</source>
        <translation>камера: {status}</translation>
    </message>
    <message>
        <source>no camera reads the board</source>
        <translation>борд не читает ни одна камера</translation>
    </message>
    <message>
        <source>no camera reads them</source>
        <translation>их не читает ни одна камера</translation>
    </message>
</context>
<context>
    <name>UntaughtReason</name>
    <message>
        <source>not found</source>
        <translation>не найдена</translation>
    </message>
    <message>
        <source>glare</source>
        <translation>блик</translation>
    </message>
    <message>
        <source>blur</source>
        <translation>размыта</translation>
    </message>
</context>
<context>
    <name>Variant</name>
    <message>
        <source>Omaha</source>
        <translation>Омаха</translation>
    </message>
    <message>
        <source>Omaha Hi-Lo 8-or-better</source>
        <translation>Омаха хай-лоу (восемь или ниже)</translation>
    </message>
    <message>
        <source>Five-card Omaha</source>
        <translation>Пятикарточная Омаха</translation>
    </message>
    <message>
        <source>Five-card Omaha Hi-Lo</source>
        <translation>Пятикарточная Омаха хай-лоу</translation>
    </message>
    <message>
        <source>Six-card Omaha</source>
        <translation>Шестикарточная Омаха</translation>
    </message>
    <message>
        <source>Six-card Omaha Hi-Lo</source>
        <translation>Шестикарточная Омаха хай-лоу</translation>
    </message>
    <message>
        <source>Double-board Omaha</source>
        <translation>Омаха на двух бордах</translation>
    </message>
    <message>
        <source>Double-board Omaha Hi-Lo</source>
        <translation>Омаха хай-лоу на двух бордах</translation>
    </message>
    <message>
        <source>Five-card Double-board Omaha</source>
        <translation>Пятикарточная Омаха на двух бордах</translation>
    </message>
    <message>
        <source>Six-card Double-board Omaha</source>
        <translation>Шестикарточная Омаха на двух бордах</translation>
    </message>
    <message>
        <source>Six-card Double-board Omaha Hi-Lo</source>
        <translation>Шестикарточная Омаха хай-лоу на двух бордах</translation>
    </message>
    <message>
        <source>Oklahoma</source>
        <translation>Оклахома</translation>
    </message>
</context>
<context>
    <name>Verb</name>
    <message>
        <source>fold</source>
        <translation>сделать фолд</translation>
    </message>
    <message>
        <source>check</source>
        <translation>сделать чек</translation>
    </message>
    <message>
        <source>call</source>
        <translation>сделать колл</translation>
    </message>
    <message>
        <source>bet</source>
        <translation>сделать бет</translation>
    </message>
    <message>
        <source>raise</source>
        <translation>сделать рейз</translation>
    </message>
    <message>
        <source>bet to {amount}</source>
        <translation>сделать бет {amount}</translation>
    </message>
    <message>
        <source>raise to {amount}</source>
        <translation>сделать рейз до {amount}</translation>
    </message>
    <message>
        <source>go all-in</source>
        <translation>пойти олл-ин</translation>
    </message>
    <message>
        <source>discard</source>
        <translation>сбросить карту</translation>
    </message>
    <message>
        <source>post a {blind}</source>
        <translation>поставить {blind}</translation>
    </message>
    <message>
        <source>answer a re-straddle</source>
        <translation>ответить на ре-стрэддл</translation>
    </message>
    <message>
        <source>be dealt cards</source>
        <translation>получить карты</translation>
    </message>
    <message>
        <source>burn a card</source>
        <translation>сжечь карту</translation>
    </message>
    <message>
        <source>deal the board</source>
        <translation>сдать борд</translation>
    </message>
    <message>
        <source>choose runs</source>
        <translation>выбрать число прогонов</translation>
    </message>
    <message>
        <source>show</source>
        <translation>открыть карты</translation>
    </message>
    <message>
        <source>muck</source>
        <translation>сбросить карты в мак</translation>
    </message>
    <message>
        <source>declare a misdeal</source>
        <translation>объявить мисдил</translation>
    </message>
</context>
<context>
    <name>Where</name>
    <message>
        <source>run {n}</source>
        <translation>прогон {n}</translation>
    </message>
    <message>
        <source>board {n}</source>
        <translation>борд {n}</translation>
    </message>
    <message>
        <source>high</source>
        <translation>хай</translation>
    </message>
    <message>
        <source>low</source>
        <translation>лоу</translation>
    </message>
</context>
<context>
    <name>Who</name>
    <message>
        <source>Seat {seat}</source>
        <translation>Место {seat}</translation>
    </message>
    <message>
        <source>The dealer</source>
        <translation>Дилер</translation>
    </message>
</context>
<context>
    <name>Winner</name>
    <message>
        <source>seat {seat} ({amount})</source>
        <translation>место {seat} ({amount})</translation>
    </message>
</context>
<context>
    <name>Zone</name>
    <message>
        <source>board {n}</source>
        <translation>борд {n}</translation>
    </message>
    <message>
        <source>board {n}, run {n2}</source>
        <translation>борд {n}, прогон {n2}</translation>
    </message>
    <message>
        <source>seat {seat}</source>
        <translation>место {seat}</translation>
    </message>
    <message>
        <source>muck</source>
        <translation>мак</translation>
    </message>
    <message>
        <source>the board</source>
        <translation>борд</translation>
    </message>
    <message>
        <source>run {n}</source>
        <translation>прогон {n}</translation>
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
</TS>
