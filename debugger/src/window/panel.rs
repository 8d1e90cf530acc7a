//! The side panel (egui, through kiss3d's integration): the fixture list and load
//! errors, the timeline and playing controls, the phase switch and step list, the
//! layers, the colour legend, the current step's numbers at full precision, and its
//! warnings. It reads the [`Session`] and reports what was clicked as [`Click`]s.

use super::keys::KEY_ACTIONS;
use super::scene::{View, legend};
use crate::frame::{Frame, FrameKind};
use crate::timeline::{Command, Layers, Phase, SPEED_RANGE, Session};
use kiss3d::egui;
use nalgebra::{Point3, Vector3};

/// What the panel asks for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Click {
    /// A session command.
    Command(Command),
    /// Save a screenshot.
    Screenshot,
}

/// The panel's own state.
#[derive(Clone, Debug, Default)]
pub(super) struct PanelState {
    /// The phase the step list shows (`None`: all).
    pub(super) filter: Option<Phase>,
    /// The last thing done (a reload, a screenshot), shown under the fixture.
    pub(super) status: String,
    /// The step the list last scrolled to.
    scrolled_to: Option<usize>,
}

/// The panel's width in logical pixels, on the right of the window.
pub(super) const PANEL_WIDTH: f32 = 440.0;

const WARN: egui::Color32 = egui::Color32::from_rgb(0xb0, 0x40, 0x00);
const ERROR: egui::Color32 = egui::Color32::from_rgb(0xc0, 0x10, 0x10);

/// Draws the panel on the right of the window, full height.
pub(super) fn show(
    ctx: &egui::Context,
    session: &Session,
    state: &mut PanelState,
    layers: &mut Layers,
    view: &mut View,
    clicks: &mut Vec<Click>,
) {
    ctx.set_theme(egui::Theme::Light);
    let screen = ctx.viewport_rect();
    // An area (not a panel of a root Ui, which kiss3d does not make): egui then knows
    // the pointer is over it, and the camera leaves drags on the panel alone.
    egui::Area::new(egui::Id::new("debugger-panel"))
        .order(egui::Order::Middle)
        .fixed_pos(egui::pos2(screen.max.x - PANEL_WIDTH, screen.min.y))
        .show(ctx, |ui| {
            let frame = egui::Frame::side_top_panel(&ctx.global_style());
            let margin = frame.total_margin().sum();
            frame.show(ui, |ui| {
                ui.set_width(PANEL_WIDTH - margin.x);
                ui.set_max_width(PANEL_WIDTH - margin.x);
                ui.set_height(screen.height() - margin.y);
                egui::ScrollArea::vertical().show(ui, |ui| {
                    fixture_section(ui, session, state, clicks);
                    timeline_section(ui, session, clicks);
                    steps_section(ui, session, state, clicks);
                    warnings_section(ui, session, clicks);
                    numbers_section(ui, session);
                    view_section(ui, layers, view, clicks);
                    legend_section(ui);
                    keys_section(ui);
                });
            });
        });
}

fn fixture_section(
    ui: &mut egui::Ui,
    session: &Session,
    state: &PanelState,
    clicks: &mut Vec<Click>,
) {
    match session.recording() {
        Some(rec) => {
            ui.heading(&rec.name);
            ui.label(format!("{} · {}", rec.query, rec.outcome_text()));
        }
        None => {
            ui.heading("no replay");
        }
    }
    if let Some(path) = session.current_path() {
        ui.small(path.display().to_string());
    }
    if let Some(error) = session.error() {
        ui.colored_label(
            ERROR,
            "⚠ the fixture did not load; the last good replay stays:",
        );
        ui.colored_label(ERROR, egui::RichText::new(error).monospace());
    }
    if !state.status.is_empty() {
        ui.small(&state.status);
    }
    let files = session.files();
    if files.len() > 1 {
        ui.horizontal(|ui| {
            if ui.button("◀ fixture").clicked() {
                clicks.push(Click::Command(Command::PrevFixture));
            }
            ui.label(format!("{} / {}", session.current() + 1, files.len()));
            if ui.button("fixture ▶").clicked() {
                clicks.push(Click::Command(Command::NextFixture));
            }
        });
        egui::CollapsingHeader::new("fixtures")
            .default_open(false)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .id_salt("fixtures")
                    .max_height(160.0)
                    .show(ui, |ui| {
                        for (k, f) in files.iter().enumerate() {
                            let name = f.file_name().map_or_else(
                                || f.display().to_string(),
                                |n| n.to_string_lossy().into_owned(),
                            );
                            if ui.selectable_label(k == session.current(), name).clicked() {
                                clicks.push(Click::Command(Command::Fixture(k)));
                            }
                        }
                    });
            });
    }
    ui.separator();
}

fn timeline_section(ui: &mut egui::Ui, session: &Session, clicks: &mut Vec<Click>) {
    let replay = session.replay();
    let n = replay.len();
    if n == 0 {
        ui.label("no steps recorded");
        ui.separator();
        return;
    }
    let mut step = replay.index() + 1;
    let label = replay.current().map_or_else(String::new, Frame::label);
    let phase = replay.current().map_or("", |f| Phase::of(&f.kind).label());
    ui.label(format!("step {step} of {n} · {label} · phase {phase}"));
    let slider = egui::Slider::new(&mut step, 1..=n).text("step");
    if ui.add(slider).changed() {
        clicks.push(Click::Command(Command::Seek(step - 1)));
    }
    ui.horizontal(|ui| {
        for (text, command) in [
            ("⏮ first", Command::First),
            ("◀ previous", Command::Prev),
            ("next ▶", Command::Next),
            ("last ⏭", Command::Last),
        ] {
            if ui.button(text).clicked() {
                clicks.push(Click::Command(command));
            }
        }
    });
    let player = session.player;
    ui.horizontal(|ui| {
        let backward = player.is_playing() && !player.is_forward();
        let forward = player.is_playing() && player.is_forward();
        if ui.selectable_label(backward, "◀◀ play back").clicked() {
            clicks.push(Click::Command(if backward {
                Command::Pause
            } else {
                Command::Play(false)
            }));
        }
        if ui
            .selectable_label(!player.is_playing(), "⏸ pause")
            .clicked()
        {
            clicks.push(Click::Command(Command::Pause));
        }
        if ui.selectable_label(forward, "play ▶▶").clicked() {
            clicks.push(Click::Command(if forward {
                Command::Pause
            } else {
                Command::Play(true)
            }));
        }
    });
    let mut speed = player.speed();
    let slider = egui::Slider::new(&mut speed, SPEED_RANGE.0..=SPEED_RANGE.1)
        .logarithmic(true)
        .text("steps per second");
    if ui.add(slider).changed() {
        clicks.push(Click::Command(Command::Speed(speed)));
    }
    ui.separator();
}

fn steps_section(
    ui: &mut egui::Ui,
    session: &Session,
    state: &mut PanelState,
    clicks: &mut Vec<Click>,
) {
    let frames = session.replay().frames();
    ui.horizontal_wrapped(|ui| {
        ui.label("phase:");
        if ui.selectable_label(state.filter.is_none(), "all").clicked() {
            state.filter = None;
        }
        for phase in Phase::ALL {
            let count = phase.count_in(frames);
            let text = format!("{} ({count})", phase.label());
            let selected = state.filter == Some(phase);
            let button = egui::Button::selectable(selected, text);
            if ui.add_enabled(count > 0, button).clicked() {
                clicks.push(Click::Command(Command::Phase(phase)));
            }
        }
    });
    let index = session.replay().index();
    let scroll = state.scrolled_to != Some(index);
    state.scrolled_to = Some(index);
    egui::ScrollArea::vertical()
        .id_salt("steps")
        .max_height(200.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (k, f) in frames.iter().enumerate() {
                if state.filter.is_some_and(|p| Phase::of(&f.kind) != p) {
                    continue;
                }
                let flag = if session.warnings_at(k).is_empty() {
                    "  "
                } else {
                    "⚠ "
                };
                let text = format!("{flag}{:>3} {}: {}", k + 1, f.label(), f.caption);
                let row = egui::Button::selectable(k == index, text).truncate();
                let response = ui.add(row);
                if response.clicked() {
                    clicks.push(Click::Command(Command::Seek(k)));
                }
                if k == index && scroll {
                    response.scroll_to_me(None);
                }
            }
        });
    ui.separator();
}

fn warnings_section(ui: &mut egui::Ui, session: &Session, clicks: &mut Vec<Click>) {
    let index = session.replay().index();
    let here = session.warnings_at(index);
    if here.is_empty() {
        ui.label("no warning at this step");
    } else {
        for w in here {
            ui.colored_label(WARN, format!("⚠ {w}"));
        }
    }
    let flagged: Vec<usize> = session
        .warnings()
        .iter()
        .enumerate()
        .filter(|(_, w)| !w.is_empty())
        .map(|(k, _)| k)
        .collect();
    if !flagged.is_empty() {
        ui.horizontal_wrapped(|ui| {
            ui.label("warnings at steps:");
            for k in flagged {
                if ui.small_button(format!("{}", k + 1)).clicked() {
                    clicks.push(Click::Command(Command::Seek(k)));
                }
            }
        });
    }
    ui.separator();
}

fn p3(p: &Point3<f64>) -> String {
    format!("({:?}, {:?}, {:?})", p.x, p.y, p.z)
}

fn v3(v: &Vector3<f64>) -> String {
    format!("({:?}, {:?}, {:?})", v.x, v.y, v.z)
}

fn numbers_section(ui: &mut egui::Ui, session: &Session) {
    let Some(f) = session.replay().current() else {
        return;
    };
    egui::CollapsingHeader::new("numbers (full precision)")
        .default_open(true)
        .show(ui, |ui| {
            let mut rows: Vec<(String, String)> = vec![
                ("lower bound".into(), format!("{:?}", f.lower_bound)),
                ("upper bound".into(), format!("{:?}", f.upper_bound)),
                ("gap".into(), format!("{:?}", f.upper_bound - f.lower_bound)),
            ];
            match f.kind {
                FrameKind::ToiStep { time, .. } => {
                    rows.push(("time t".into(), format!("{time:?}")))
                }
                FrameKind::RayStep { lambda, .. } => {
                    rows.push(("ray parameter".into(), format!("{lambda:?}")));
                }
                _ => {}
            }
            rows.push(("v (closest)".into(), p3(&f.closest)));
            rows.push(("|v|".into(), format!("{:?}", f.closest.coords.norm())));
            if let Some(s) = &f.support {
                rows.push(("w (support)".into(), p3(&s.w)));
                rows.push(("support on A".into(), p3(&s.a)));
                rows.push(("support on B".into(), p3(&s.b)));
            }
            let epa = matches!(
                f.kind,
                FrameKind::EpaStep { .. } | FrameKind::EpaResult { .. }
            );
            if let Some(d) = &f.direction {
                let name = if epa { "normal" } else { "direction" };
                rows.push((name.into(), v3(d)));
            }
            if epa {
                rows.push((
                    "depth (nearest face)".into(),
                    format!("{:?}", f.lower_bound),
                ));
            }
            rows.push(("witness a".into(), p3(&f.witness_a)));
            rows.push(("witness b".into(), p3(&f.witness_b)));
            for (name, value) in rows {
                let text = egui::RichText::new(format!("{name}: {value}")).monospace();
                ui.add(egui::Label::new(text).wrap());
            }
            if !f.vertices.is_empty() {
                ui.label(format!(
                    "vertices ({}): weight λ, w = a − b, a, b",
                    f.vertices.len()
                ));
                for (k, v) in f.vertices.iter().enumerate() {
                    let text = egui::RichText::new(format!(
                        "{}: λ {:?}\n   w {}\n   a {}\n   b {}",
                        k + 1,
                        v.weight,
                        p3(&v.w),
                        p3(&v.a),
                        p3(&v.b)
                    ))
                    .monospace();
                    ui.add(egui::Label::new(text).wrap());
                }
            }
        });
    ui.separator();
}

fn view_section(ui: &mut egui::Ui, layers: &mut Layers, view: &mut View, clicks: &mut Vec<Click>) {
    ui.horizontal(|ui| {
        ui.label("view:");
        ui.selectable_value(view, View::Configuration, "configuration space A − B");
        ui.selectable_value(view, View::World, "world");
    });
    ui.label("layers:");
    ui.horizontal_wrapped(|ui| {
        for (name, on) in layers.toggles() {
            ui.checkbox(on, name);
        }
    });
    if ui.button("save screenshot (s)").clicked() {
        clicks.push(Click::Screenshot);
    }
    ui.separator();
}

fn legend_section(ui: &mut egui::Ui) {
    egui::CollapsingHeader::new("legend")
        .default_open(true)
        .show(ui, |ui| {
            for (name, rgba) in legend() {
                ui.horizontal(|ui| {
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                    let c = rgba.map(|x| (x.clamp(0.0, 1.0) * 255.0).round() as u8);
                    ui.painter()
                        .rect_filled(rect, 2.0, egui::Color32::from_rgb(c[0], c[1], c[2]));
                    ui.label(name);
                });
            }
        });
}

fn keys_section(ui: &mut egui::Ui) {
    egui::CollapsingHeader::new("keys")
        .default_open(false)
        .show(ui, |ui| {
            egui::Grid::new("keys").show(ui, |ui| {
                for (_, name, keys) in KEY_ACTIONS {
                    ui.monospace(keys);
                    ui.label(name);
                    ui.end_row();
                }
                ui.monospace("mouse");
                ui.label("drag: orbit · right-drag: pan · wheel: zoom · Enter: recentre");
                ui.end_row();
            });
        });
}
